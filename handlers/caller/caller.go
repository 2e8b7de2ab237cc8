// Package caller finds the authenticated caller of an API request. The
// server's bearer middleware verifies the access token and puts its
// principal in the request context (oauth.NewContext); every handler reads
// it with Of, and every request without one gets the same 401, Refuse.
package caller

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/oauth"
)

// Challenge is the WWW-Authenticate of every API 401; a refusal of a
// presented token adds its RFC 6750 error attributes to it.
const Challenge = `Bearer realm="openbank"`

// Of returns the client and subject the request's access token speaks for.
// Without them it answers 401 (Refuse) and returns false.
func Of(c *gin.Context) (oauth.Principal, bool) {
	p, ok := oauth.FromContext(c.Request.Context())
	if !ok || p.ClientID == "" || p.Subject == "" {
		Refuse(c)
		return oauth.Principal{}, false
	}
	return p, true
}

// Refuse answers a request that carries no access token: 401 with the
// bearer challenge and an ErrorResponse saying where a token comes from.
func Refuse(c *gin.Context) {
	c.Header("WWW-Authenticate", Challenge)
	fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "unauthorized",
		"an access token from /oauth2/token is required in the Authorization: Bearer header"))
}
