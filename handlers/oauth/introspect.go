package oauth

import (
	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// Introspect is POST /oauth2/introspect (RFC 7662) for the client's own
// tokens; any other token is inactive.
func (h *Handler) Introspect(c *gin.Context) {
	form, cr, err := clientRequest(c)
	if err != nil {
		protocolError(c, err)
		return
	}
	client, err := h.server.AuthenticateClient(c.Request.Context(), cr)
	if err != nil {
		protocolError(c, err)
		return
	}
	if form.Get("token") == "" {
		protocolError(c, oauth.Errorf(oauth.ErrInvalidRequest, "token is required"))
		return
	}
	answer, err := h.server.Introspect(c.Request.Context(), client, form.Get("token"))
	if err != nil {
		protocolError(c, err)
		return
	}
	respond(c, answer)
}
