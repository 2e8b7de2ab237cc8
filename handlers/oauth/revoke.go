package oauth

import (
	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// Revoke is POST /oauth2/revoke (RFC 7009): the grant of a refresh or
// access token is revoked on every instance; unknown tokens answer 200 too.
func (h *Handler) Revoke(c *gin.Context) {
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
	if err := h.server.Revoke(c.Request.Context(), client, form.Get("token")); err != nil {
		protocolError(c, err)
		return
	}
	respond(c, struct{}{})
}
