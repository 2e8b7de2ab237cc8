package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/oauth"
)

// dpopChallenge is the WWW-Authenticate of a refused sender-constrained
// token (RFC 9449 §7.1).
var dpopChallenge = `DPoP algs="` + strings.Join(oauth.DPoPAlgorithms, " ") + `"`

// checkSender checks that the caller holds what its token is bound to: the
// DPoP key whose proof comes in the DPoP header, signed for this request
// and this token. A bearer token sent as Bearer never comes here.
func (s *Server) checkSender(c *gin.Context, scheme, token string, claims oauth.AccessClaims) *oauth.Error {
	proofs := c.Request.Header.Values("DPoP")
	if len(proofs) > 1 {
		return &oauth.Error{Code: oauth.ErrInvalidDPoPProof, Status: http.StatusUnauthorized, Description: "send one DPoP header"}
	}
	pr := oauth.Presented{Scheme: scheme, Token: token, Method: c.Request.Method,
		URL:        s.cfg.PublicURL.Scheme + "://" + s.cfg.PublicURL.Host + c.Request.URL.Path,
		CertSHA256: oauth.CertificateThumbprint(oauth.ClientCertificate(c.Request.Context()))}
	if len(proofs) == 1 {
		pr.Proof = proofs[0]
	}
	return s.oauth.CheckSender(c.Request.Context(), claims, pr)
}

// refuseSender answers 401 with the DPoP challenge (the Bearer one for a
// certificate-bound token) and the reason.
func refuseSender(c *gin.Context, err *oauth.Error, dpopBound bool) {
	if err.Status >= http.StatusInternalServerError {
		fault.Abort(c, fault.New(err.Status, fault.CodeUnavailable, "unavailable", "retry in a moment"))
		return
	}
	code := oauth.ErrInvalidToken
	if err.Code == oauth.ErrInvalidDPoPProof {
		code = oauth.ErrInvalidDPoPProof
	}
	challenge := dpopChallenge
	if !dpopBound {
		challenge = caller.Challenge
	}
	c.Header("WWW-Authenticate", challenge+`, error="`+code+`", error_description="`+err.Description+`"`)
	fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "invalid token", err.Description))
}
