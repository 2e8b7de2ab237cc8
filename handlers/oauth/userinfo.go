package oauth

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// userInfo is the OpenID Connect userinfo answer.
type userInfo struct {
	Subject           string `json:"sub"`
	PreferredUsername string `json:"preferred_username"`
}

// UserInfo is GET or POST /oauth2/userinfo with an access token granted
// openid (in the Authorization header only: Bearer, or DPoP with its
// proof for a DPoP-bound token).
func (h *Handler) UserInfo(c *gin.Context) {
	scheme, token, _ := strings.Cut(c.GetHeader("Authorization"), " ")
	dpopScheme := strings.EqualFold(scheme, "DPoP")
	if (!strings.EqualFold(scheme, "Bearer") && !dpopScheme) || token == "" {
		c.Header("WWW-Authenticate", `Bearer realm="openbank"`)
		protocolError(c, &oauth.Error{Code: oauth.ErrInvalidRequest, Status: http.StatusUnauthorized,
			Description: "an access token is required in the Authorization: Bearer header"})
		return
	}
	claims, err := h.server.VerifyAccessToken(c.Request.Context(), token)
	if err == nil && (claims.Cnf != nil || dpopScheme) {
		err = h.server.CheckSender(c.Request.Context(), claims, oauth.Presented{Scheme: scheme, Token: token,
			Proof: c.GetHeader("DPoP"), Method: c.Request.Method, URL: h.issuer + c.Request.URL.Path})
		if err != nil && err.Status < http.StatusInternalServerError {
			c.Header("WWW-Authenticate", `DPoP algs="`+strings.Join(oauth.DPoPAlgorithms, " ")+`", error="invalid_token"`)
			err.Status = http.StatusUnauthorized
			protocolError(c, err)
			return
		}
	}
	if err != nil {
		c.Header("WWW-Authenticate", `Bearer realm="openbank", error="invalid_token"`)
		protocolError(c, err)
		return
	}
	p := claims.Principal()
	if p.Username == "" || !hasWord(claims.Scope, oauth.ScopeOpenID) {
		c.Header("WWW-Authenticate", `Bearer realm="openbank", error="insufficient_scope", scope="openid"`)
		protocolError(c, &oauth.Error{Code: "insufficient_scope", Status: http.StatusForbidden,
			Description: "userinfo needs a user's access token granted the openid scope"})
		return
	}
	respond(c, userInfo{Subject: p.Subject, PreferredUsername: p.Username})
}
