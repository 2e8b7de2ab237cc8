package admin

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/store"
	"openbank/views"
)

// Texts is GET /admin/reminder-texts: the catalogue, as the gateway reads it.
func (h *Handler) Texts(c *gin.Context) {
	h.textsPage(c, http.StatusOK, "")
}

func (h *Handler) textsPage(c *gin.Context, status int, problem string) {
	texts, err := h.gateway.ReminderTexts(c.Request.Context())
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminTextsView{AdminPage: h.adminPage(c, "Reminder texts", "texts")}
	v.Problem = problem
	for _, t := range texts {
		v.Rows = append(v.Rows, views.AdminTextRow{Index: strconv.Itoa(int(t.Index)), Text: t.Text})
	}
	h.render(c, status, views.AdminTextsPage(v))
}

// TextAdd is POST /admin/reminder-texts: a new entry at the next index.
func (h *Handler) TextAdd(c *gin.Context) {
	t, err := h.console.AddText(c.Request.Context(), c.PostForm("text"))
	if h.textRefused(c, err) {
		return
	}
	idx := strconv.Itoa(int(t.Index))
	if err := h.record(c, "text.create", "reminder-text/"+idx, nil, t); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/reminder-texts", "Text "+idx+" added.")
}

// TextChange is POST /admin/reminder-texts/:idx.
func (h *Handler) TextChange(c *gin.Context) {
	idx, err := strconv.ParseInt(c.Param("idx"), 10, 32)
	if err != nil {
		h.missing(c, "The text")
		return
	}
	after := store.ReminderText{Index: int32(idx), Text: c.PostForm("text")}
	if h.textRefused(c, h.console.ChangeText(c.Request.Context(), after.Index, after.Text)) {
		return
	}
	if err := h.record(c, "text.update", "reminder-text/"+c.Param("idx"), nil, after); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/reminder-texts", "Text "+c.Param("idx")+" saved.")
}

// textRefused answers a refused catalogue change and reports whether it did.
func (h *Handler) textRefused(c *gin.Context, err error) bool {
	if err == nil {
		return false
	}
	status, msg, ok := problem(err)
	switch {
	case !ok:
		h.fail(c, err)
	case status == http.StatusNotFound:
		h.missing(c, "The text")
	default:
		h.textsPage(c, status, msg)
	}
	return true
}
