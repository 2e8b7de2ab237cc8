package docs

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Home renders the landing page.
func (h *Handler) Home(c *gin.Context) {
	page.Render(c, http.StatusOK, views.HomePage(views.Home{
		Page:      h.pages.Page("Open banking, self-hosted"),
		PublicURL: h.publicURL,
		Entries:   homeEntries,
	}))
}

// homeEntries are what this server serves, each at an address that
// answers a browser.
var homeEntries = []views.APIEntry{
	{Name: "Developers", Description: "Quickstart, the interactive reference of each API, the OpenAPI documents and the Go client libraries.", Path: "/docs"},
	{Name: "OAuth 2.0 / OpenID Connect", Description: "Tokens for every API: client credentials, password, authorization code with PKCE, refresh.", Path: "/.well-known/openid-configuration"},
	{Name: "Showcase, Reminder and Consent gateway 1.1.0", Description: "Showcases, their reminders and the consents that share them.", Path: "/docs/reference/gateway-v1.1.0"},
	{Name: "Account-data aggregation 3.12.0", Description: "Connections, consents, fetches, transactions, the bank-connect widget, callbacks and insights (3.11.0 alongside).", Path: "/docs/reference/aggregation-v3.12.0"},
	{Name: "Operations", Description: "Liveness and readiness.", Path: "/readyz"},
}
