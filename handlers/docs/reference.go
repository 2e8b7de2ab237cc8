package docs

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Reference renders GET /docs/reference/{document}: Swagger UI on the JSON
// of one API release level. The developer authorizes with the client's id
// and secret (client credentials at /oauth2/token) and runs requests
// against this server.
func (h *Handler) Reference(c *gin.Context) {
	a, ok := findAPI(c.Param("document"))
	if !ok {
		h.pages.Error(c, http.StatusNotFound, "No such reference",
			"The developer page lists the interactive reference of every API.")
		return
	}
	p := h.pages.Page(a.name + " " + a.version)
	page.Render(c, http.StatusOK, views.DocsReferencePage(views.DocsReference{
		Title:      p.Title,
		Document:   "/openapi/" + strings.TrimSuffix(a.document, ".yaml") + ".json",
		Stylesheet: h.ui.path("swagger-ui.css"),
		Styles:     h.ui.path("reference.css"),
		Bundle:     h.ui.path("swagger-ui-bundle.js"),
		Script:     h.ui.path("reference.js"),
		Logo:       p.Logo,
		Demo:       h.demoView(),
	}))
}
