package web

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"openbank/oauth"
	"openbank/oauth/dpop"
)

// holder is a client's DPoP key, making proofs as RFC 9449 describes.
type holder struct {
	key   *ecdsa.PrivateKey
	nonce string // the last DPoP-Nonce the server sent
}

func newHolder(t testing.TB) *holder {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return &holder{key: k}
}

// jkt is the thumbprint of the holder's public key.
func (h *holder) jkt(t testing.TB) string {
	t.Helper()
	tp, err := dpop.Thumbprint(jose.JSONWebKey{Key: &h.key.PublicKey})
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

// proof signs a proof for method and u, with ath when token is set; claims
// overrides or adds claims.
func (h *holder) proof(t testing.TB, method, u, token string, claims map[string]any) string {
	t.Helper()
	c := map[string]any{"jti": oauth.NewSecret(12), "htm": method, "htu": u, "iat": time.Now().Unix()}
	if token != "" {
		c["ath"] = dpop.TokenHash(token)
	}
	if h.nonce != "" {
		c["nonce"] = h.nonce
	}
	for k, v := range claims {
		c[k] = v
	}
	opts := (&jose.SignerOptions{}).WithType("dpop+jwt").WithHeader("jwk", jose.JSONWebKey{Key: &h.key.PublicKey})
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: h.key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(c)
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := jws.CompactSerialize()
	return out
}

// post sends form to path with Basic credentials and a proof, retrying
// once with the server's nonce when it asks for one.
func (h *holder) post(t testing.TB, in *instance, path string, cl registered, form url.Values) (int, map[string]any, http.Header) {
	t.Helper()
	return h.postWith(t, in, path, form, func(req *http.Request) {
		req.SetBasicAuth(url.QueryEscape(cl.id), url.QueryEscape(cl.secret))
	}, nil)
}

// postWith is post with the client authentication auth sets, and the
// form's own (a client assertion) made afresh for each try by sign.
func (h *holder) postWith(t testing.TB, in *instance, path string, form url.Values, auth func(*http.Request),
	sign func(url.Values)) (int, map[string]any, http.Header) {
	t.Helper()
	for range 2 {
		if sign != nil {
			sign(form)
		}
		req, _ := http.NewRequest(http.MethodPost, in.base+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if auth != nil {
			auth(req)
		}
		req.Header.Set("DPoP", h.proof(t, http.MethodPost, in.base+path, "", nil))
		status, body, header := do(t, req)
		if n := header.Get("DPoP-Nonce"); n != "" {
			h.nonce = n
		}
		if status != http.StatusBadRequest || body["error"] != "use_dpop_nonce" {
			return status, body, header
		}
	}
	t.Fatal("the server asked for a nonce twice")
	return 0, nil, nil
}

// call makes an API request with a DPoP-bound token: scheme DPoP and proof
// (when proof is not empty).
func (in *instance) call(t testing.TB, path, scheme, token, proof string) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, in.base+path, nil)
	req.Header.Set("Authorization", scheme+" "+token)
	if proof != "" {
		req.Header.Set("DPoP", proof)
	}
	return do(t, req)
}
