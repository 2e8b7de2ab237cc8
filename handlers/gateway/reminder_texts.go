package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// reminderTextJSON is one entry of the reminder text catalogue.
type reminderTextJSON struct {
	SelectableTextIdx int32  `json:"selectableTextIdx"`
	Text              string `json:"text"`
}

// ReminderTexts is GET /reminder-texts (our extension): the catalogue that
// selectableTextIdx indexes.
func (h *Handler) ReminderTexts(c *gin.Context) {
	if _, ok := viewer(c); !ok {
		return
	}
	texts, err := h.Service.ReminderTexts(c.Request.Context())
	if err != nil {
		fail(c, err, "")
		return
	}
	out := struct {
		Content []reminderTextJSON `json:"content"`
	}{Content: make([]reminderTextJSON, 0, len(texts))}
	for _, t := range texts {
		out.Content = append(out.Content, reminderTextJSON{SelectableTextIdx: t.Index, Text: t.Text})
	}
	c.JSON(http.StatusOK, out)
}
