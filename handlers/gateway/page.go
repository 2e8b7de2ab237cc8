package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
)

// pageJSON is PageOfShowcase, PageOfReminder and PageOfConsent.
type pageJSON[T any] struct {
	Content          []T   `json:"content"`
	NumberOfElements int32 `json:"numberOfElements"`
	Page             int32 `json:"page"`
	Size             int32 `json:"size"`
	TotalElements    int64 `json:"totalElements"`
	TotalPages       int32 `json:"totalPages"`
}

// readPage parses the paging query parameters for a list sorted on fields.
func readPage(c *gin.Context, fields []string) (store.Page, bool) {
	p, err := gateway.ParsePage(c.Request.URL.Query(), fields)
	if err != nil {
		fail(c, err, "")
		return p, false
	}
	return p, true
}

// renderPage maps the items of one page with view and renders the page.
func renderPage[S, T any](c *gin.Context, p store.Page, res store.PageOf[S], view func(S) T) {
	out := pageJSON[T]{
		Content:          make([]T, 0, len(res.Items)),
		NumberOfElements: int32(len(res.Items)),
		Page:             int32(p.Number),
		Size:             int32(p.Size),
		TotalElements:    res.Total,
		TotalPages:       int32((res.Total + int64(p.Size) - 1) / int64(p.Size)),
	}
	for _, it := range res.Items {
		out.Content = append(out.Content, view(it))
	}
	c.JSON(http.StatusOK, out)
}
