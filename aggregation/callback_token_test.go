package aggregation

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"openbank/egress"
	"openbank/store"
)

// TestTokenURLsPassTheOutboundPolicy: a token URL is held to the policy of
// callback URLs when it is registered and again when a token is fetched.
func TestTokenURLsPassTheOutboundPolicy(t *testing.T) {
	s := &Service{Clock: time.Now} // production's policy: https, public addresses
	for _, u := range []string{"http://example.com/token", "https://127.0.0.1/token", "https://10.0.0.8/token",
		"https://169.254.169.254/latest", "https://user:pw@example.com/token", "not a url"} {
		err := s.SetCallbackSecurity(context.Background(), store.CallbackSecurity{ClientID: "c", TokenURL: u,
			TokenClientID: "id", TokenSecret: []byte("s")})
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "tokenUrl" {
			t.Errorf("%s: %v, want a refusal of tokenUrl", u, err)
		}
	}
	_, err := s.fetchToken(context.Background(), http.DefaultClient, store.CallbackSecurity{TokenURL: "https://10.1.2.3/token"})
	if !errors.Is(err, egress.ErrRefused) {
		t.Errorf("fetching from a private address: %v, want a refusal", err)
	}
}

// TestTokenResponses: what a token endpoint may answer.
func TestTokenResponses(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := &Service{Clock: func() time.Time { return now }, Outbound: egress.Policy{AllowPrivate: true}}
	tests := []struct {
		status int
		body   string
		want   string // "" : an error
		life   time.Duration
	}{
		{200, `{"access_token":"a","token_type":"Bearer","expires_in":3600}`, "a", 3600*time.Second - tokenEarly},
		{200, `{"access_token":"b","token_type":"bearer"}`, "b", tokenDefaultLife - tokenEarly},
		{200, `{"access_token":"c","token_type":"mac"}`, "", 0},
		{200, `{"token_type":"Bearer"}`, "", 0},
		{401, `{"error":"invalid_client"}`, "", 0},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(tt.status)
			_, _ = w.Write([]byte(tt.body))
		}))
		got, err := s.fetchToken(context.Background(), srv.Client(), store.CallbackSecurity{TokenURL: srv.URL, TokenClientID: "id", TokenSecret: []byte("s")})
		srv.Close()
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: accepted %+v", strings.TrimSpace(tt.body), got)
			}
			continue
		}
		if err != nil || got.value != tt.want || !got.until.Equal(now.Add(tt.life)) {
			t.Errorf("%s: %+v %v", tt.body, got, err)
		}
	}
}
