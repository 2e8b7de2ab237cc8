package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/oauth"
)

// authenticated guards an API group: the caller must present a valid
// access token, in the Authorization header only (a sender-constrained one
// with its DPoP proof or over its client certificate), of a client granted
// product (any client when product is empty). The principal goes into the
// request context, where handlers find it with caller.Of. A token is
// verified once and then answered from memory; revocations reach every
// instance.
func (s *Server) authenticated(product string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if strings.Contains(c.Request.URL.RawQuery, "access_token") && c.Request.URL.Query().Has("access_token") {
			c.Header("WWW-Authenticate", caller.Challenge+`, error="invalid_request", error_description="send the token in the Authorization header, never in the URL"`)
			fault.Abort(c, fault.New(http.StatusBadRequest, fault.CodeValidation, "token in the URL",
				"access tokens are accepted in the Authorization: Bearer header only, never in the query string"))
			return
		}
		scheme, token, ok := presented(c.Request.Header.Get("Authorization"))
		if !ok {
			caller.Refuse(c)
			return
		}
		claims, err := s.oauth.VerifyAccessToken(c.Request.Context(), token)
		if err == nil && (claims.Cnf != nil || scheme != "Bearer") {
			if err = s.checkSender(c, scheme, token, claims); err != nil {
				refuseSender(c, err, scheme == "DPoP" || claims.Cnf == nil || claims.Cnf.JKT != "")
				return
			}
		}
		if err != nil {
			c.Header("WWW-Authenticate", caller.Challenge+`, error="invalid_token", error_description="`+err.Description+`"`)
			fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "invalid token", err.Description+"; request a new one from /oauth2/token"))
			return
		}
		p := claims.Principal()
		if product != "" && !p.Has(product) {
			c.Header("WWW-Authenticate", caller.Challenge+`, error="insufficient_scope"`)
			fault.Abort(c, fault.New(http.StatusForbidden, fault.CodeForbidden, "product not granted",
				"this client has not been granted the "+product+" product; ask the operator to grant it"))
			return
		}
		c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
		c.Next()
	}
}

// presented takes the scheme ("Bearer" or "DPoP") and the token of an
// Authorization header.
func presented(header string) (scheme, token string, ok bool) {
	if token, ok := bearer(header); ok {
		return "Bearer", token, true
	}
	scheme, token, ok = strings.Cut(header, " ")
	token = strings.TrimSpace(token)
	return "DPoP", token, ok && strings.EqualFold(scheme, "DPoP") && token != ""
}

// bearer takes the token of an Authorization: Bearer header.
func bearer(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	token = strings.TrimSpace(token)
	return token, ok && strings.EqualFold(scheme, "Bearer") && token != ""
}
