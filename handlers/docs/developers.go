package docs

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Docs renders GET /docs: the quickstart, the demo credentials when the
// demo runs, and each API with its reference, documents and library.
func (h *Handler) Docs(c *gin.Context) {
	page.Render(c, http.StatusOK, views.DocsHomePage(views.DocsHome{
		Page:      h.pages.Page("Developers"),
		PublicURL: h.publicURL,
		Demo:      h.demoView(),
		Steps:     quickstart(h.publicURL, h.demo),
		APIs:      h.apiViews(),
		Script:    h.ui.path("docs.js"),
	}))
}

// demoView is the demo's credentials for a page, nil outside the demo.
func (h *Handler) demoView() *views.DocsDemo {
	if h.demo == nil {
		return nil
	}
	d := views.DocsDemo(*h.demo)
	return &d
}
