package web

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"openbank/banks"
	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	"openbank/oauth"
)

// TestAnswersDeclareTheirHeaders sends the real server the calls whose
// answers carry the headers an integrator reads (RateLimit-Policy, the
// X-Group-Id echo, Idempotent-Replayed on a replayed POST, Allow on a 405)
// and checks each answer against its document, headers included.
func TestAnswersDeclareTheirHeaders(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{Products: oauth.Products})
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	token := tok["access_token"].(string)
	replay := uuid.NewString()
	connect := `{"subjectId":"headers","provider":"` + banks.EmbeddedScenario + `","credentials":{"username":"user","password":"` + banks.TestPassword + `"}}`
	tests := []struct {
		doc, method, path, requestID, body string
		status                             int
		header                             string
	}{
		{docs.AggregationOpenAPI, "GET", "/aggregation/v3.12.0/providers?countryCodes=XF", "", "", 200, "X-Group-Id"},
		{docs.AggregationOpenAPI, "POST", "/aggregation/v3.12.0/connections", replay, connect, 201, "RateLimit-Policy"},
		{docs.AggregationOpenAPI, "POST", "/aggregation/v3.12.0/connections", replay, connect, 201, "Idempotent-Replayed"},
		{docs.AggregationOpenAPI, "GET", "/aggregation/v3.12.0/connections/424242", "", "", 404, "X-Group-Id"},
		{docs.AggregationOpenAPI, "PUT", "/aggregation/v3.12.0/connections", "", "", 405, "Allow"},
		{docs.GatewayOpenAPI, "GET", "/gateway/v1.1.0/showcases", "", "", 200, "RateLimit-Policy"},
		{docs.GatewayOpenAPI, "PUT", "/gateway/v1.1.0/showcases", "", "", 405, "Allow"},
	}
	for _, tt := range tests {
		c, err := contract.Load(tt.doc)
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequest(tt.method, in.base+tt.path, bytes.NewReader([]byte(tt.body)))
		if err != nil {
			t.Fatal(err)
		}
		if tt.requestID == "" {
			tt.requestID = uuid.NewString()
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("X-Request-Id", tt.requestID)
		req.Header.Set("X-Group-Id", "journey-1")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != tt.status || resp.Header.Get(tt.header) == "" {
			t.Errorf("%s %s: %d without %s, want %d with it: %v", tt.method, tt.path, resp.StatusCode, tt.header, tt.status, resp.Header)
		}
		if err := c.Check(req, resp.StatusCode, resp.Header, body); err != nil {
			t.Error(err)
		}
	}
}
