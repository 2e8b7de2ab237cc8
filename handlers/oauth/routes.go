package oauth

import "github.com/gin-gonic/gin"

// Mount adds the authorization server's endpoints to r: the JSON
// endpoints, with /token beside /oauth2/token, those a browser client
// calls with CORS and their preflights, and the sign-in and consent page of
// /oauth2/authorize, whose forms forms guards once FormBody has read them.
func (h *Handler) Mount(r gin.IRouter, forms gin.HandlerFunc) {
	for _, path := range []string{"/oauth2/token", "/token"} {
		r.POST(path, h.CORS, h.Token)
		r.GET(path, h.PostOnly)
		r.OPTIONS(path, h.Preflight)
	}
	r.POST("/oauth2/par", h.Push)
	r.GET("/oauth2/par", h.PostOnly)
	r.GET("/oauth2/authorize", forms, h.Authorize)
	r.POST("/oauth2/authorize", h.FormBody, forms, h.AuthorizePost)
	r.POST("/oauth2/revoke", h.CORS, h.Revoke)
	r.POST("/oauth2/introspect", h.Introspect)
	r.GET("/oauth2/userinfo", h.CORS, h.UserInfo)
	r.POST("/oauth2/userinfo", h.CORS, h.UserInfo)
	r.GET("/oauth2/jwks", h.CORS, h.JWKS)
	r.GET("/.well-known/openid-configuration", h.CORS, h.Discovery)
	r.GET("/.well-known/oauth-authorization-server", h.CORS, h.Discovery)
	for _, path := range []string{"/oauth2/revoke", "/oauth2/userinfo", "/oauth2/jwks",
		"/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"} {
		r.OPTIONS(path, h.Preflight)
	}
}
