// Package docs serves the documentation: the landing page, the OpenAPI
// documents under /openapi/, and later the API reference tool.
package docs

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Handler serves the documentation pages.
type Handler struct {
	Pages     page.Renderer
	PublicURL string
}

// Home renders the landing page.
func (h *Handler) Home(c *gin.Context) {
	page.Render(c, http.StatusOK, views.HomePage(views.Home{
		Page:      h.Pages.Page("Open banking, self-hosted"),
		PublicURL: h.PublicURL,
		Entries:   apiEntries,
	}))
}

var apiEntries = []views.APIEntry{
	{Name: "OAuth 2.0 / OpenID Connect", Description: "Tokens for every API: client credentials, password, authorization code with PKCE, refresh.", Path: "/.well-known/openid-configuration"},
	{Name: "Showcase, Reminder and Consent gateway 1.1.0", Description: "Showcases, their reminders and the consents that share them.", Path: "/gateway/v1.1.0"},
	{Name: "Account-data aggregation 3.12.0", Description: "Connections, consents, fetches, transactions, callbacks and insights (3.11.0 alongside).", Path: "/aggregation/v3.12.0"},
	{Name: "Bank-connect widget", Description: "The hosted page where a subject connects a bank.", Path: "/widget/"},
	{Name: "Admin console", Description: "Showcases, consents, OAuth clients and aggregation operations.", Path: "/admin/"},
	{Name: "API reference", Description: "Interactive reference and the OpenAPI documents.", Path: "/docs"},
	{Name: "Operations", Description: "Liveness, readiness and Prometheus metrics.", Path: "/readyz"},
}
