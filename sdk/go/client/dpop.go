package client

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// DPoPKey is a client's DPoP key (RFC 9449): the tokens the server issues
// to a request with its proofs are bound to it, and are good only with a
// fresh proof of it. It remembers the nonces servers hand out. Safe for
// concurrent use.
type DPoPKey struct {
	signer jose.Signer
	mu     sync.Mutex
	nonces map[string]string // by origin
}

// NewDPoPKey makes a new ES256 (P-256) DPoP key.
func NewDPoPKey() (*DPoPKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	return DPoPKeyOf(key)
}

// DPoPKeyOf uses an existing P-256 key, so that tokens bound to it stay
// usable across restarts.
func DPoPKeyOf(key *ecdsa.PrivateKey) (*DPoPKey, error) {
	opts := (&jose.SignerOptions{}).WithType("dpop+jwt").WithHeader("jwk", jose.JSONWebKey{Key: &key.PublicKey})
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, opts)
	if err != nil {
		return nil, fmt.Errorf("client: DPoP key: %w", err)
	}
	return &DPoPKey{signer: signer, nonces: map[string]string{}}, nil
}

// Proof signs a proof for a request to rawURL with method; accessToken,
// when not empty, is the token it goes with (ath).
func (k *DPoPKey) Proof(method, rawURL, accessToken string) (string, error) {
	htu, origin := rawURL, rawURL
	if i := strings.IndexAny(htu, "?#"); i >= 0 {
		htu = htu[:i]
	}
	if i := strings.Index(origin, "://"); i >= 0 {
		if j := strings.Index(origin[i+3:], "/"); j >= 0 {
			origin = origin[:i+3+j]
		}
	}
	claims := map[string]any{"jti": newID(), "htm": method, "htu": htu, "iat": time.Now().Unix()}
	if accessToken != "" {
		d := sha256.Sum256([]byte(accessToken))
		claims["ath"] = base64.RawURLEncoding.EncodeToString(d[:])
	}
	if n := k.nonce(origin); n != "" {
		claims["nonce"] = n
	}
	payload, _ := json.Marshal(claims)
	jws, err := k.signer.Sign(payload)
	if err != nil {
		return "", fmt.Errorf("client: sign DPoP proof: %w", err)
	}
	return jws.CompactSerialize()
}

func (k *DPoPKey) nonce(origin string) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.nonces[origin]
}

func (k *DPoPKey) keepNonce(origin, nonce string) {
	if nonce == "" {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.nonces[origin] = nonce
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DPoP is a transport that adds a proof of Key to every request (with ath
// when the request carries an Authorization: DPoP token), keeps the nonces
// servers send, and sends a request once more when the server asks for a
// nonce (use_dpop_nonce).
type DPoP struct {
	Key  *DPoPKey
	Base http.RoundTripper // nil: http.DefaultTransport
}

// RoundTrip implements http.RoundTripper.
func (d *DPoP) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := d.send(req)
	if err != nil || !askedForNonce(res) || (req.Body != nil && req.GetBody == nil) {
		return res, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return nil, err
		}
	}
	return d.send(again)
}

func (d *DPoP) send(req *http.Request) (*http.Response, error) {
	token := ""
	if scheme, t, ok := strings.Cut(req.Header.Get("Authorization"), " "); ok && strings.EqualFold(scheme, "DPoP") {
		token = t
	}
	proof, err := d.Key.Proof(req.Method, req.URL.String(), token)
	if err != nil {
		return nil, err
	}
	out := req.Clone(req.Context())
	out.Header.Set("DPoP", proof)
	base := d.Base
	if base == nil {
		base = http.DefaultTransport
	}
	res, err := base.RoundTrip(out)
	if err == nil {
		d.Key.keepNonce(req.URL.Scheme+"://"+req.URL.Host, res.Header.Get("DPoP-Nonce"))
	}
	return res, err
}

// askedForNonce reports whether an answer is use_dpop_nonce, in the body
// (token endpoint) or the challenge (APIs), with a nonce to use.
func askedForNonce(res *http.Response) bool {
	if res.Header.Get("DPoP-Nonce") == "" || (res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnauthorized) {
		return false
	}
	if strings.Contains(res.Header.Get("WWW-Authenticate"), "use_dpop_nonce") {
		return true
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	var e struct {
		Error string `json:"error"`
	}
	return err == nil && json.Unmarshal(body, &e) == nil && e.Error == "use_dpop_nonce"
}
