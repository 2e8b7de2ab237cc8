package oauth

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"openbank/oauth/dpop"
)

// DPoP error codes (RFC 9449 §5, §8).
const (
	ErrInvalidDPoPProof = "invalid_dpop_proof"
	ErrUseDPoPNonce     = "use_dpop_nonce"
)

// DPoPAlgorithms is the algs value of DPoP challenges and metadata.
var DPoPAlgorithms = []string{"ES256", "PS256", "EdDSA"}

// FAPIAlgorithms are the algorithms a FAPI 2.0 client may sign with.
var FAPIAlgorithms = []string{"ES256", "PS256"}

// ProofRequest is a DPoP proof and the request it came with.
type ProofRequest struct {
	Proof       string
	Method, URL string
	AccessToken string // at a resource server
	NeedNonce   bool   // a server nonce is required (token and PAR endpoints)
}

// CheckProof verifies a DPoP proof, its nonce when one is needed, and that
// no instance has seen its jti: a replay is refused.
func (s *Server) CheckProof(ctx context.Context, r ProofRequest) (dpop.Proof, *Error) {
	now := s.now()
	p, err := dpop.Verify(r.Proof, dpop.Check{Method: r.Method, URL: r.URL, AccessToken: r.AccessToken, Now: now})
	if err != nil {
		return p, proofError(err.Error())
	}
	if r.NeedNonce && !s.nonces.valid(p.Nonce, now) {
		return p, &Error{Code: ErrUseDPoPNonce, Status: http.StatusBadRequest, DPoPNonce: s.nonces.at(now),
			Description: "send the DPoP proof again with the nonce of the DPoP-Nonce header"}
	}
	key := "dpop:" + p.JKT + ":" + p.JTI
	if err := s.seen.see(ctx, key, p.IssuedAt.Add(dpop.MaxAge+dpop.Skew)); isConflict(err) {
		return p, proofError("the proof was used before (jti)")
	} else if err != nil {
		return p, serverError(err)
	}
	return p, nil
}

// DPoPNonce is the nonce to send with every answer that takes a proof.
func (s *Server) DPoPNonce() string { return s.nonces.at(s.now()) }

func proofError(description string) *Error {
	return &Error{Code: ErrInvalidDPoPProof, Status: http.StatusBadRequest, Description: description}
}

// Binding is what a token is bound to: a DPoP key's thumbprint or a client
// certificate's SHA-256 (RFC 9449 §6, RFC 8705 §3), and the algorithm of
// the DPoP proof. The zero value is a bearer token.
type Binding struct{ JKT, X5T, Alg string }

// Bound reports whether there is a binding.
func (b Binding) Bound() bool { return b.JKT != "" || b.X5T != "" }

// Confirmation is the cnf claim of a bound token.
type Confirmation struct {
	JKT string `json:"jkt,omitempty"`
	X5T string `json:"x5t#S256,omitempty"`
}

// CheckBinding refuses a token request whose tokens would be bearer tokens
// when the client's profile wants them sender-constrained.
func (c Client) CheckBinding(b Binding) *Error {
	if c.RequiresBinding() && !b.Bound() {
		return Errorf(ErrInvalidRequest, "this client's tokens must be sender-constrained: send a DPoP proof (RFC 9449)")
	}
	if c.FAPI() && b.JKT != "" && !slices.Contains(FAPIAlgorithms, b.Alg) {
		return proofError("the FAPI 2.0 profile allows DPoP proofs signed with ES256 or PS256 only")
	}
	return nil
}

// Presented is how an access token reached a resource server.
type Presented struct {
	Scheme      string // "Bearer" or "DPoP"
	Token       string
	Proof       string // the DPoP header, or ""
	Method, URL string
	CertSHA256  string // the client certificate's x5t#S256 from a trusted terminator, or ""
}

// CheckSender checks that the presenter of a verified token holds what the
// token is bound to; a bearer token presented as such passes at once. The
// error's description is safe to send.
func (s *Server) CheckSender(ctx context.Context, claims AccessClaims, pr Presented) *Error {
	dpopScheme := strings.EqualFold(pr.Scheme, "DPoP")
	cnf := claims.Cnf
	switch {
	case cnf == nil && !dpopScheme:
		return nil
	case cnf == nil || (cnf.JKT == "" && dpopScheme):
		return Errorf(ErrInvalidToken, "the access token is not DPoP-bound; send it as a Bearer token")
	case cnf.X5T != "" && cnf.X5T != pr.CertSHA256:
		return Errorf(ErrInvalidToken, "the access token is bound to another client certificate")
	case cnf.JKT == "":
		return nil
	case !dpopScheme:
		return Errorf(ErrInvalidToken, "the access token is DPoP-bound; send it with the DPoP scheme and a proof")
	case pr.Proof == "":
		return Errorf(ErrInvalidToken, "a DPoP proof is required with this access token")
	}
	p, err := s.CheckProof(ctx, ProofRequest{Proof: pr.Proof, Method: pr.Method, URL: pr.URL, AccessToken: pr.Token})
	if err != nil {
		return err
	}
	if p.JKT != cnf.JKT {
		return proofError("the proof is signed by another key than the token is bound to")
	}
	return nil
}
