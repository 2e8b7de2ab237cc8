package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	"openbank/oauth"
)

// TestDocumentsDescribeDPoP: each API's document declares the DPoP scheme
// with its proof header as one security requirement and the server's DPoP
// challenge, and the real answers to a DPoP-bound token, with its proof and
// without, keep to the document.
func TestDocumentsDescribeDPoP(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{Products: oauth.Products})
	h := newHolder(t)
	status, tok, _ := h.post(t, in, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if status != http.StatusOK || tok["token_type"] != "DPoP" {
		t.Fatalf("token: %d %v", status, tok)
	}
	token := tok["access_token"].(string)
	for _, tt := range []struct{ doc, path, query string }{
		{docs.AggregationOpenAPI, "/aggregation/v3.12.0/providers", "?countryCodes=XF"},
		{docs.GatewayOpenAPI, "/gateway/v1.1.0/showcases", ""},
	} {
		checkDPoPDeclared(t, tt.doc)
		c, err := contract.Load(tt.doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, proof := range []string{h.proof(t, "GET", in.base+tt.path, token, nil), ""} {
			req, _ := http.NewRequest(http.MethodGet, in.base+tt.path+tt.query, nil)
			req.Header.Set("Authorization", "DPoP "+token)
			req.Header.Set("X-Request-Id", uuid.NewString())
			if proof != "" {
				req.Header.Set("DPoP", proof)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			want, challenge := http.StatusOK, ""
			if proof == "" {
				want, challenge = http.StatusUnauthorized, dpopChallenge+", "
			}
			if resp.StatusCode != want || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), challenge) {
				t.Errorf("%s with proof %t: %d %q, want %d with %q", tt.path, proof != "", resp.StatusCode, resp.Header.Get("WWW-Authenticate"), want, challenge)
			}
			if err := c.Check(req, resp.StatusCode, resp.Header, body); err != nil {
				t.Error(err)
			}
		}
	}
}

// checkDPoPDeclared checks the document's dpop and dpopProof schemes, its
// requirement of both together, and its example of the DPoP challenge.
func checkDPoPDeclared(t *testing.T, name string) {
	t.Helper()
	raw, err := docs.OpenAPIDocument(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatal(err)
	}
	schemes := doc.Components.SecuritySchemes
	if s := schemes["dpop"]; s == nil || s.Value.Type != "http" || s.Value.Scheme != "DPoP" {
		t.Errorf("%s: dpop scheme %+v", name, s)
	}
	if s := schemes["dpopProof"]; s == nil || s.Value.Type != "apiKey" || s.Value.In != "header" || s.Value.Name != "DPoP" {
		t.Errorf("%s: dpopProof scheme %+v", name, s)
	}
	both := false
	for _, req := range doc.Security {
		_, token := req["dpop"]
		_, proof := req["dpopProof"]
		both = both || (token && proof && len(req) == 2)
	}
	if !both {
		t.Errorf("%s: no security requirement of dpop with dpopProof: %v", name, doc.Security)
	}
	header := doc.Components.Headers["WWWAuthenticate"]
	if header == nil || header.Value.Examples["dpop"] == nil ||
		!strings.HasPrefix(header.Value.Examples["dpop"].Value.Value.(string), dpopChallenge+", ") {
		t.Errorf("%s: the WWW-Authenticate header does not show the challenge %q", name, dpopChallenge)
	}
}
