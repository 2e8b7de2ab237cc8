package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// TestRateLimits bursts the gateway and the aggregation API beyond the
// default limit and beyond a client's own: exactly the requests over the
// limit are 429, and every answer carries the RateLimit headers with
// Remaining counting down. The window is long enough that nothing refills
// during the burst.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	cfg, err := LoadConfig(env(map[string]string{"RATE_LIMIT_REQUESTS": "5", "RATE_LIMIT_WINDOW": "24h"}))
	if err != nil {
		t.Fatal(err)
	}
	st := storetest.NewStore(t)
	s, err := NewServer(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	tests := []struct {
		name, path   string
		own, burst   int
		limit, wants int // the limit in the headers, the 429s expected
	}{
		{"gateway, default limit", "/gateway/v1.1.0/showcases", 0, 9, 5, 4},
		{"aggregation, own limit", "/aggregation/v3.12.0/providers?countryCodes=XF", 3, 7, 3, 4},
		{"aggregation 3.11.0, own limit above the default", "/aggregation/v3.11.0/providers?countryCodes=XF", 7, 8, 7, 1},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := limitedClient(t, s, st, "limited-"+strconv.Itoa(i), tt.own)
			refused, prev := 0, tt.limit
			for n := range tt.burst {
				rec := apiGet(s, tt.path, token)
				h := rec.Header()
				remaining, err := strconv.Atoi(h.Get("RateLimit-Remaining"))
				if err != nil || h.Get("RateLimit-Limit") != strconv.Itoa(tt.limit) || h.Get("RateLimit-Reset") == "" {
					t.Fatalf("request %d (%d): RateLimit headers %v", n, rec.Code, h)
				}
				switch {
				case rec.Code == http.StatusTooManyRequests:
					refused++
					if remaining != 0 || h.Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), `"code":4290`) {
						t.Fatalf("429: Remaining %d, Retry-After %q, body %s", remaining, h.Get("Retry-After"), rec.Body)
					}
				case rec.Code != http.StatusOK || remaining != prev-1:
					t.Fatalf("request %d: %d, Remaining %d after %d: %s", n, rec.Code, remaining, prev, rec.Body)
				default:
					prev = remaining
				}
			}
			if refused != tt.wants {
				t.Fatalf("%d of %d refused, want %d", refused, tt.burst, tt.wants)
			}
		})
	}
}

// limitedClient registers a client with its own rate limit (0: the
// default) and returns a client-credentials access token of it.
func limitedClient(t testing.TB, s *Server, st *store.Store, id string, own int) string {
	t.Helper()
	ctx := context.Background()
	_, secret, err := s.Registry().CreateClient(ctx, oauth.ClientSpec{ClientID: id, Name: id,
		Grants: []string{oauth.GrantClientCredentials}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetClientRateLimit(ctx, id, own); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	_, token, ok := strings.Cut(rec.Body.String(), `"access_token":"`)
	token, _, _ = strings.Cut(token, `"`)
	if rec.Code != http.StatusOK || !ok {
		t.Fatalf("token: %d %s", rec.Code, rec.Body)
	}
	return token
}

// apiGet is an authenticated GET of path, with a fresh X-Request-Id.
func apiGet(s *Server, path, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}
