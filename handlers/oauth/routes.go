package oauth

import "github.com/gin-gonic/gin"

// Mount adds the authorization server's endpoints to r: the JSON
// endpoints, with /token beside /oauth2/token, and the sign-in and consent
// page of /oauth2/authorize, whose forms forms guards.
func (h *Handler) Mount(r gin.IRouter, forms gin.HandlerFunc) {
	for _, path := range []string{"/oauth2/token", "/token"} {
		r.POST(path, h.Token)
		r.GET(path, h.PostOnly)
	}
	r.GET("/oauth2/authorize", forms, h.Authorize)
	r.POST("/oauth2/authorize", forms, h.AuthorizePost)
	r.POST("/oauth2/revoke", h.Revoke)
	r.POST("/oauth2/introspect", h.Introspect)
	r.GET("/oauth2/userinfo", h.UserInfo)
	r.POST("/oauth2/userinfo", h.UserInfo)
	r.GET("/oauth2/jwks", h.JWKS)
	r.GET("/.well-known/openid-configuration", h.Discovery)
	r.GET("/.well-known/oauth-authorization-server", h.Discovery)
}
