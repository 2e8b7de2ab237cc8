package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/google/uuid"

	"openbank/oauth"
	"openbank/oauth/dpop"
	"openbank/store"
)

// benchFAPIClientID authenticates by private_key_jwt in the token rows.
const benchFAPIClientID = "bench-fapi"

// fapiBench is what the FAPI 2.0 rows need: the bench client's DPoP key
// and a token bound to it, the private_key_jwt client's key, and the
// token endpoint's current DPoP nonce. setup fills it.
type fapiBench struct {
	b          *bench
	dpopSigner jose.Signer
	clientKey  jose.Signer
	bound      string // a DPoP-bound token of the bench client
	nonce      string
	ready      bool // setup has run
	// The pre-signed calls of the DPoP-bound reads.
	showcases, transactions *proofPool
}

// setupOnce runs setup for the first of the rows that needs it.
func (f *fapiBench) setupOnce() error {
	if f.ready {
		return nil
	}
	if err := f.setup(); err != nil {
		return err
	}
	f.ready = true
	return nil
}

// fapiOperations are the FAPI 2.0 rows: a DPoP-bound showcase read (a
// cheap route) and a DPoP-bound transactions page (an aggregation read
// from the database) each beside the bearer one, and token issuance with
// private_key_jwt and DPoP beside the client secret, each pair in
// alternating slices. The DPoP-bound reads send proofs signed before the
// timed window (fapi_proofs.go), as a client on its own machine would: the
// rows measure the server's cost of a bound call, not the client's.
func (b *bench) fapiOperations() []operation {
	f := &fapiBench{b: b}
	bearerRead := "GET /showcases/{name} with bearer token, beside DPoP"
	bearerTx := "GET /transactions, 10k rows, with bearer token, beside DPoP"
	issuanceRow := "POST /oauth2/token client_secret, beside private_key_jwt"
	return []operation{
		{name: "GET /showcases/{name} with DPoP-bound token", reference: bearerRead, status: 200, setup: f.setupShowcases,
			goal: goal{minRatio: 0.8}, request: f.boundRead,
			partner: &operation{name: bearerRead, request: b.getShowcase, status: 200}},
		{name: "GET /transactions, 10k rows, with DPoP-bound token", reference: bearerTx, status: 200,
			setup: f.setupTransactions, goal: goal{minRatio: 0.8}, request: f.boundTransactions,
			partner: &operation{name: bearerTx, request: b.listTransactions, status: 200}},
		{name: "POST /oauth2/token private_key_jwt + DPoP", reference: issuanceRow, status: 200, request: f.tokenRequest,
			setup:   f.setupOnce, // -op may leave the rows above out
			partner: &operation{name: issuanceRow, request: func(int, int) *http.Request { return tokenRequest(b.base) }, status: 200}},
	}
}

// setupShowcases pre-signs the proofs of the showcase reads.
func (f *fapiBench) setupShowcases() error {
	if err := f.setupOnce(); err != nil {
		return err
	}
	var err error
	f.showcases, err = newProofPool(f.b.dur, func(k int) string {
		return f.b.base + gatewayBase + "/showcases/" + showcaseName(1+(k*7919)%showcaseCount)
	}, f.boundProof)
	return err
}

// setupTransactions seeds the transactions the bearer rows read (when the
// transactions rows have not yet) and pre-signs the proofs of the reads.
func (f *fapiBench) setupTransactions() error {
	if err := f.setupOnce(); err != nil {
		return err
	}
	if len(f.b.txTargets) == 0 {
		if err := f.b.seedTransactions(txSmall); err != nil {
			return err
		}
	}
	targets := f.b.txTargets
	var err error
	f.transactions, err = newProofPool(f.b.dur, func(k int) string {
		t := targets[(k*7919)%len(targets)]
		return fmt.Sprintf("%s%s?accountId=%d&lastTransactionId=%d&limit=100", f.b.base, txTransactionsPath, t.AccountID, t.AfterID)
	}, f.boundProof)
	return err
}

// boundProof is a proof for a GET of u with the bound token.
func (f *fapiBench) boundProof(u string) string { return f.proof(http.MethodGet, u, f.bound) }

// setup registers the private_key_jwt client, makes the keys, learns the
// nonce and gets the bench client a DPoP-bound token.
func (f *fapiBench) setup() error {
	var err error
	if f.dpopSigner, err = newDPoPSigner(); err != nil {
		return err
	}
	clientKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	if f.clientKey, err = jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: jose.JSONWebKey{Key: clientKey, KeyID: "k1"}}, nil); err != nil {
		return err
	}
	if err := f.register(&clientKey.PublicKey); err != nil {
		return err
	}
	for range 2 { // the first answer is use_dpop_nonce, with the nonce
		req := tokenRequest(f.b.base)
		req.Header.Set("DPoP", f.proof(http.MethodPost, f.b.base+"/oauth2/token", ""))
		if f.bound, err = f.token(req); err == nil {
			return nil
		}
	}
	return err
}

// register creates the private_key_jwt client with the public key.
func (f *fapiBench) register(pub *ecdsa.PublicKey) error {
	ctx := context.Background()
	registry := &oauth.Registry{Store: store.New(f.b.db)}
	_, _, err := registry.CreateClient(ctx, oauth.ClientSpec{ClientID: benchFAPIClientID, Name: "bench FAPI",
		Grants: []string{oauth.GrantClientCredentials}})
	if err != nil {
		return err
	}
	set, _ := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: pub, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}})
	return registry.SetSecurity(ctx, store.ClientSecurity{ClientID: benchFAPIClientID, AuthMethod: oauth.AuthPrivateKeyJWT,
		JWKS: string(set), RequireDPoP: true})
}

// token sends a token request, keeps the DPoP nonce, returns the token.
func (f *fapiBench) token(req *http.Request) (string, error) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer func() { _ = resp.Body.Close() }()
	if n := resp.Header.Get("DPoP-Nonce"); n != "" {
		f.nonce = n
	}
	var body struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.TokenType != "DPoP" {
		return "", fmt.Errorf("token endpoint answered %d (%s): %v", resp.StatusCode, body.TokenType, err)
	}
	return body.AccessToken, nil
}

// boundRead reads a seeded showcase with the DPoP-bound token and a fresh
// proof, as a client does on every call; the proof was signed before the
// timed window.
func (f *fapiBench) boundRead(int, int) *http.Request { return f.showcases.boundGet(f.bound) }

// boundTransactions reads a transactions page with the DPoP-bound token
// and a fresh pre-signed proof, with a new request id as every aggregation
// call needs.
func (f *fapiBench) boundTransactions(int, int) *http.Request {
	req := f.transactions.boundGet(f.bound)
	req.Header.Set("X-Request-Id", uuid.NewString())
	return req
}

// tokenRequest is a client_credentials request of the private_key_jwt
// client with a fresh assertion and proof.
func (f *fapiBench) tokenRequest(int, int) *http.Request {
	u := f.b.base + "/oauth2/token"
	now := time.Now()
	assertion, _ := jwt.Signed(f.clientKey).Claims(map[string]any{"iss": benchFAPIClientID, "sub": benchFAPIClientID,
		"aud": f.b.base, "jti": oauth.NewSecret(16), "iat": now.Unix(), "exp": now.Add(time.Minute).Unix()}).Serialize()
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {benchFAPIClientID},
		"client_assertion_type": {oauth.ClientAssertionType}, "client_assertion": {assertion}}
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("DPoP", f.proof(http.MethodPost, u, ""))
	return req
}

// proof signs a DPoP proof with the token endpoint's nonce.
func (f *fapiBench) proof(method, u, token string) string {
	claims := map[string]any{"jti": oauth.NewSecret(16), "htm": method, "htu": strings.SplitN(u, "?", 2)[0],
		"iat": time.Now().Unix()}
	if token != "" {
		claims["ath"] = dpop.TokenHash(token)
	}
	if f.nonce != "" {
		claims["nonce"] = f.nonce
	}
	payload, _ := json.Marshal(claims)
	jws, err := f.dpopSigner.Sign(payload)
	if err != nil {
		return ""
	}
	out, _ := jws.CompactSerialize()
	return out
}

// newDPoPSigner makes a DPoP key's signer (its public key in the jwk
// header).
func newDPoPSigner() (jose.Signer, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	opts := (&jose.SignerOptions{}).WithType("dpop+jwt").WithHeader("jwk", jose.JSONWebKey{Key: &key.PublicKey})
	return jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, opts)
}
