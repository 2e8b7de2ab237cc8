package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Push is POST /oauth2/par (RFC 9126): an authenticated client pushes its
// authorization request and gets a request_uri, valid once and for 60
// seconds, to send the browser to /oauth2/authorize with. A DPoP proof
// sent along binds the code to its key.
func (h *Handler) Push(c *gin.Context) {
	form, cr, err := clientRequest(c)
	if err != nil {
		protocolError(c, err)
		return
	}
	ctx := c.Request.Context()
	client, err := h.server.AuthenticateClient(ctx, cr)
	if err != nil {
		protocolError(c, err)
		return
	}
	bind, err := h.binding(c)
	if err != nil {
		protocolError(c, err)
		return
	}
	resp, err := h.server.Push(ctx, client, form, bind.JKT)
	if err != nil {
		protocolError(c, err)
		return
	}
	noStore(c)
	c.JSON(http.StatusCreated, resp)
}
