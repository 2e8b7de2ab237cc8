package gateway_test

import (
	"net/http/httptest"
	"testing"
)

// TestContractCatchesDrift proves that the contract check refuses answers
// that stray from the document: an extra field, a missing field, an
// undocumented status, an unknown route; and accepts a good one.
func TestContractCatchesDrift(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, route, body string
		status                    int
	}{
		{"extra field", "GET", "/showcases/a", `{"name":"a","owner":"o","validFrom":"2025-01-01T00:00:00Z","validTo":"2025-01-01T00:00:00Z","x":1}`, 200},
		{"missing field", "GET", "/showcases/a", `{"name":"a","owner":"o","validFrom":"2025-01-01T00:00:00Z"}`, 200},
		{"bad enum", "GET", "/consents/1/a", `{"identifier":1,"showcase":"a","username":"u","consentLevel":"ALL"}`, 200},
		{"undocumented status", "GET", "/showcases/a", `{"fault":{"code":4090,"message":"m","description":"d"}}`, 409},
		{"error shape", "GET", "/showcases/a", `{"error":"nope"}`, 404},
		{"unknown route", "GET", "/elsewhere", `{}`, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(tt.method, base+tt.route, nil)
			rec := httptest.NewRecorder()
			rec.Header().Set("Content-Type", "application/json; charset=utf-8")
			rec.WriteHeader(tt.status)
			rec.WriteString(tt.body)
			if err := contractError(req, rec); err == nil {
				t.Fatal("the contract check accepted it")
			}
		})
	}
	good := httptest.NewRecorder()
	good.Header().Set("Content-Type", "application/json; charset=utf-8")
	good.WriteString(`{"name":"a","owner":"o","validFrom":"2025-01-01T00:00:00Z","validTo":"2025-01-01T00:00:00Z"}`)
	if err := contractError(httptest.NewRequest("GET", base+"/showcases/a", nil), good); err != nil {
		t.Fatalf("a good answer was refused: %v", err)
	}
}
