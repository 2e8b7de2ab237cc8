package console

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// provider serves a discovery document, with endSession as its
// end_session_endpoint when not empty.
func provider(t *testing.T, endSession string) string {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doc := map[string]any{"issuer": srv.URL, "authorization_endpoint": srv.URL + "/authorize",
			"token_endpoint": srv.URL + "/token", "jwks_uri": srv.URL + "/jwks"}
		if endSession != "" {
			doc["end_session_endpoint"] = endSession
		}
		json.NewEncoder(w).Encode(doc)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestExternalSignOutGoesToTheEndSessionEndpoint(t *testing.T) {
	tests := []struct {
		name       string
		endSession string
		want       string // "" : no redirect
	}{
		{"with an end-session endpoint", "https://idp.example.com/logout?ui=1", "https://idp.example.com/logout"},
		{"without one", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewExternalIssuer(ExternalConfig{Issuer: provider(t, tt.endSession), ClientID: "ops-console",
				RedirectURL: "https://bank.example.com/admin/callback"})
			got, err := e.SignOut(context.Background(), "ops")
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if got != "" {
					t.Fatalf("SignOut = %q, want none", got)
				}
				return
			}
			u, err := url.Parse(got)
			if err != nil || u.Scheme+"://"+u.Host+u.Path != tt.want {
				t.Fatalf("SignOut = %q", got)
			}
			q := u.Query()
			if q.Get("client_id") != "ops-console" || q.Get("post_logout_redirect_uri") != "https://bank.example.com/admin/signed-out" || q.Get("ui") != "1" {
				t.Fatalf("query %v", q)
			}
		})
	}
	e := NewExternalIssuer(ExternalConfig{Issuer: "http://127.0.0.1:1", ClientID: "x"})
	if got, err := e.SignOut(context.Background(), "ops"); got != "" || err != nil {
		t.Fatalf("provider away: %q %v", got, err)
	}
}
