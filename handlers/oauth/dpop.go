package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// binding checks the DPoP proof of a token or PAR request, if it has one,
// and returns what the tokens are to be bound to: the proof's key, or else
// the client certificate a trusted TLS terminator passed on (RFC 8705 §3).
// Proofs at these endpoints need a server nonce (RFC 9449 §8): a proof
// without one gets use_dpop_nonce and the nonce in the DPoP-Nonce header.
func (h *Handler) binding(c *gin.Context) (oauth.Binding, *oauth.Error) {
	proofs := c.Request.Header.Values("DPoP")
	switch len(proofs) {
	case 0:
		return oauth.Binding{X5T: oauth.CertificateThumbprint(oauth.ClientCertificate(c.Request.Context()))}, nil
	case 1:
	default:
		return oauth.Binding{}, &oauth.Error{Code: oauth.ErrInvalidDPoPProof, Status: http.StatusBadRequest,
			Description: "send one DPoP header"}
	}
	p, err := h.server.CheckProof(c.Request.Context(), oauth.ProofRequest{Proof: proofs[0], Method: c.Request.Method,
		URL: h.issuer + c.Request.URL.Path, NeedNonce: true})
	if err != nil {
		return oauth.Binding{}, err
	}
	c.Header("DPoP-Nonce", h.server.DPoPNonce())
	return oauth.Binding{JKT: p.JKT, Alg: p.Alg}, nil
}
