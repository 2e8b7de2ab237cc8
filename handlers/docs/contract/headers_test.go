package contract

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"openbank/handlers/docs"
)

// TestCheckHeaders checks that an answer's headers must be declared on its
// response: the ones the server sends (RateLimit-Policy, the X-Group-Id
// echo, Idempotent-Replayed on a mutating call, Allow on a 405) pass, an
// undeclared one fails, and a 405 to a method a path does not list is
// checked against MethodNotAllowed.
func TestCheckHeaders(t *testing.T) {
	c, err := Load(docs.AggregationOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	const (
		providers  = `{"providers":[]}`
		notAllowed = `{"fault":{"code":4050,"message":"method not allowed","description":"PUT is not supported here; see the API reference for the allowed methods"}}`
	)
	served := map[string]string{"X-Request-Id": "3f1c9a4e-8b2d-4f6a-9c1e-5d7b2a0e4c81", "X-Group-Id": "journey-1",
		"RateLimit-Limit": "600", "RateLimit-Remaining": "599", "RateLimit-Reset": "60", "RateLimit-Policy": "600;w=60",
		"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Frame-Options": "DENY"}
	tests := []struct {
		name, method, path string
		status             int
		extra              map[string]string
		body, wantErr      string
	}{
		{"what the server sends", "GET", "/providers", 200, nil, providers, ""},
		{"an undeclared header", "GET", "/providers", 200, map[string]string{"X-Debug": "1"}, providers, "X-Debug"},
		{"a replay on a read", "GET", "/providers", 200, map[string]string{"Idempotent-Replayed": "true"}, providers, "Idempotent-Replayed"},
		{"a replay on a mutating call", "DELETE", "/connections/7", 204, map[string]string{"Idempotent-Replayed": "true"}, "", ""},
		{"a replayed error", "POST", "/connections", 409, map[string]string{"Idempotent-Replayed": "true"},
			`{"fault":{"code":4090,"message":"request id reused","description":"x"}}`, ""},
		{"a 405 with Allow", "PUT", "/connections", 405, map[string]string{"Allow": "GET, POST"}, notAllowed, ""},
		{"a 405 with RateLimit headers", "PUT", "/connections", 405, map[string]string{"Allow": "GET, POST"}, notAllowed, "RateLimit-Limit"},
		{"a 405 without an ErrorResponse", "PUT", "/connections", 405, map[string]string{"Allow": "GET, POST"}, `{}`, "fault"},
		{"another status to a method not listed", "PUT", "/connections", 404, nil, notAllowed, "not in the OpenAPI document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "/aggregation/v3.12.0"+tt.path, nil)
			h := http.Header{}
			for k, v := range served {
				if tt.status != http.StatusMethodNotAllowed || k == "X-Request-Id" || k == "Content-Type" || tt.wantErr == "RateLimit-Limit" {
					h.Set(k, v)
				}
			}
			for k, v := range tt.extra {
				h.Set(k, v)
			}
			err := c.Check(req, tt.status, h, []byte(tt.body))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(tt.wantErr))):
				t.Fatalf("got %v, want an error naming %q", err, tt.wantErr)
			}
		})
	}
}
