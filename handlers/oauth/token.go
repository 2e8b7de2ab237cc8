package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// Token is POST /oauth2/token (and /token): every grant of the server.
func (h *Handler) Token(c *gin.Context) {
	form, cr, err := clientRequest(c)
	if err != nil {
		protocolError(c, err)
		return
	}
	grant := form.Get("grant_type")
	if grant == "" {
		protocolError(c, oauth.Errorf(oauth.ErrInvalidRequest, "grant_type is required"))
		return
	}
	ctx := c.Request.Context()
	client, err := h.server.AuthenticateClient(ctx, cr)
	if err != nil {
		protocolError(c, err)
		return
	}
	bind, err := h.binding(c)
	if err == nil {
		err = client.CheckBinding(bind)
	}
	if err != nil {
		protocolError(c, err)
		return
	}
	var resp oauth.TokenResponse
	switch grant {
	case oauth.GrantClientCredentials:
		resp, err = h.server.ClientCredentials(ctx, client, form.Get("scope"), bind)
	case oauth.GrantPassword:
		login := oauth.Login{Username: form.Get("username"), Password: form.Get("password"), Address: cr.Address}
		resp, err = h.server.Password(ctx, client, login, form.Get("scope"), bind)
	case oauth.GrantAuthorizationCode:
		resp, err = h.server.ExchangeBoundCode(ctx, client, form.Get("code"), form.Get("redirect_uri"), form.Get("code_verifier"), bind)
	case oauth.GrantRefreshToken:
		resp, err = h.server.Refresh(ctx, client, form.Get("refresh_token"), form.Get("scope"), bind)
	default:
		err = oauth.Errorf(oauth.ErrUnsupportedGrantType, "grant_type %q is not supported", grant)
	}
	if err != nil {
		protocolError(c, err)
		return
	}
	respond(c, resp)
}

// PostOnly answers other methods on the POST-only endpoints.
func (h *Handler) PostOnly(c *gin.Context) {
	c.Header("Allow", http.MethodPost)
	protocolError(c, &oauth.Error{Code: oauth.ErrInvalidRequest, Status: http.StatusMethodNotAllowed,
		Description: "this endpoint accepts POST with a form-encoded body only"})
}
