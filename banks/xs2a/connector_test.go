package xs2a

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"openbank/banks"
)

// fakeBank answers every request with what answer returns.
type fakeBank func(r *http.Request) (int, string)

func (f fakeBank) RoundTrip(r *http.Request) (*http.Response, error) {
	status, body := f(r)
	return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
}

var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func fakeConnector(t *testing.T, f fakeBank) *Connector {
	t.Helper()
	c, err := New(Bank{Code: "fake", Name: "Fake Bank", Country: "DE", BaseURL: "https://bank.example/psd2"},
		Options{Now: func() time.Time { return now }, Transport: f, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var okConsent = banks.Consent{Bank: "fake", Status: banks.ConsentOK, Reference: "c1",
	GrantedAt: now.Add(-48 * time.Hour), ValidUntil: now.AddDate(0, 1, 0)}

// TestBadAnswersFailTheFetch: what a bank must not answer fails the call
// with a provider error that says why, never a panic or a silent gap.
func TestBadAnswersFailTheFetch(t *testing.T) {
	page := func(next string) string {
		return `{"transactions":{"booked":[],"pending":[],"_links":{"next":{"href":"` + next + `"}}}}`
	}
	for _, tc := range []struct {
		name, reason string
		answer       fakeBank
	}{
		{"invalid JSON", "invalid JSON", func(*http.Request) (int, string) { return 200, `{"transactions":` }},
		{"wrong types", "invalid JSON", func(*http.Request) (int, string) {
			return 200, `{"transactions":{"booked":[{"transactionAmount":{"currency":"EUR","amount":12}}]}}`
		}},
		{"bad amount", "amount", func(*http.Request) (int, string) {
			return 200, `{"transactions":{"booked":[{"bookingDate":"2026-03-01","transactionAmount":{"currency":"EUR","amount":"1.234"}}],"_links":{}}}`
		}},
		{"10 MB page", "over", func(*http.Request) (int, string) {
			return 200, `{"transactions":{"booked":[],"x":"` + strings.Repeat("a", 10<<20) + `"}}`
		}},
		{"page loop", "loop", func(r *http.Request) (int, string) {
			if strings.Contains(r.URL.RawQuery, "page=2") {
				return 200, page("/psd2/v1/accounts/a1/transactions?page=1")
			}
			return 200, page("/psd2/v1/accounts/a1/transactions?page=2")
		}},
		{"link to another host", "another host", func(*http.Request) (int, string) {
			return 200, page("https://evil.example/v1/accounts/a1/transactions?page=2")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fakeConnector(t, tc.answer)
			_, err := c.Transactions(context.Background(), okConsent, "a1", banks.Query{})
			var pe *banks.ProviderError
			if !errors.As(err, &pe) || !strings.Contains(pe.Reason, tc.reason) {
				t.Fatalf("err = %v, want a provider error about %q", err, tc.reason)
			}
			if banks.Recoverable(err) {
				t.Error("a bad answer is not the consent's fault")
			}
		})
	}
}

// TestRefusals maps the bank's refusals onto the banks errors.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		check  func(error) bool
	}{
		{"429", 429, `{}`, func(err error) bool { _, ok := banks.Throttled(err); return ok }},
		{"ACCESS_EXCEEDED", 429, `{"tppMessages":[{"category":"ERROR","code":"ACCESS_EXCEEDED"}]}`,
			func(err error) bool { _, ok := banks.Throttled(err); return ok }},
		{"CONSENT_EXPIRED", 401, `{"tppMessages":[{"category":"ERROR","code":"CONSENT_EXPIRED"}]}`,
			func(err error) bool { return errors.Is(err, banks.ErrConsentExpired) }},
		{"CONSENT_INVALID", 401, `{"tppMessages":[{"category":"ERROR","code":"CONSENT_INVALID"}]}`,
			func(err error) bool { return banks.Recoverable(err) }},
		{"problem details", 401, `{"type":"x","code":"CONSENT_INVALID"}`, func(err error) bool { return banks.Recoverable(err) }},
		{"503", 503, ``, func(err error) bool { return errors.Is(err, banks.ErrProviderUnavailable) && !banks.Recoverable(err) }},
		{"400", 400, `{"tppMessages":[{"category":"ERROR","code":"FORMAT_ERROR"}]}`, func(err error) bool {
			var pe *banks.ProviderError
			return errors.As(err, &pe) && strings.Contains(pe.Reason, "FORMAT_ERROR")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fakeConnector(t, func(*http.Request) (int, string) { return tc.status, tc.body })
			_, err := c.Accounts(context.Background(), okConsent)
			if !tc.check(err) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

// TestRetriesAndCounts: a GET is asked again after a 5xx, then answers;
// the retries are counted for the bank.
func TestRetriesAndCounts(t *testing.T) {
	var calls atomic.Int32
	c := fakeConnector(t, func(*http.Request) (int, string) {
		if calls.Add(1) <= 2 {
			return 502, ``
		}
		return 200, `{"accounts":[]}`
	})
	if _, err := c.Accounts(context.Background(), okConsent); err != nil {
		t.Fatal(err)
	}
	if got := c.Stats().Retries.Load(); got != 2 {
		t.Errorf("retries counted = %d, want 2", got)
	}
	c = fakeConnector(t, func(*http.Request) (int, string) { return 500, `` })
	if _, err := c.Accounts(context.Background(), okConsent); !errors.Is(err, banks.ErrProviderUnavailable) {
		t.Fatalf("err = %v", err)
	}
	if c.Stats().Unavailable.Load() != 1 {
		t.Errorf("unavailable counted = %d, want 1", c.Stats().Unavailable.Load())
	}
	if h := c.Health(); h.Answering() || !strings.Contains(h.Failure, "HTTP 500") || h.Retries != 2 {
		t.Errorf("health of a bank answering 500 = %+v", h)
	}
}

// TestHeadersAndConsentBody checks what POST /v1/consents carries.
func TestHeadersAndConsentBody(t *testing.T) {
	var got *http.Request
	var body string
	c := fakeConnector(t, func(r *http.Request) (int, string) {
		got = r
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		return 201, `{"consentStatus":"received","consentId":"c9","_links":{"scaRedirect":{"href":"https://bank.example/sca/c9"}}}`
	})
	ctx := banks.WithPSU(context.Background(), banks.PSU{IPAddress: "192.0.2.1", UserAgent: "ua", AcceptLanguage: "de"})
	auth, err := c.StartSCA(ctx, banks.ConsentRequest{ValidFor: 400 * 24 * time.Hour, Recurring: true, RedirectURI: "https://ob.example/back?token=t"})
	if err != nil {
		t.Fatal(err)
	}
	if auth.Reference != "c9" || auth.RedirectURL != "https://bank.example/sca/c9" || auth.ValidFor != MaxValidity {
		t.Errorf("authorisation = %+v", auth)
	}
	if got.URL.Path != "/psd2/v1/consents" {
		t.Errorf("path = %s", got.URL.Path)
	}
	for name, want := range map[string]string{"PSU-IP-Address": "192.0.2.1", "PSU-User-Agent": "ua", "PSU-Accept-Language": "de",
		"TPP-Redirect-URI": "https://ob.example/back?token=t", "Content-Type": "application/json"} {
		if v := got.Header.Get(name); v != want {
			t.Errorf("%s = %q, want %q", name, v, want)
		}
	}
	if len(got.Header.Get("X-Request-ID")) != 36 {
		t.Errorf("X-Request-ID = %q", got.Header.Get("X-Request-ID"))
	}
	want := `"recurringIndicator":true,"validUntil":"2026-09-06","frequencyPerDay":4`
	if !strings.Contains(body, want) {
		t.Errorf("body = %s, want %s", body, want)
	}
}

// TestHistoryWindow: right after SCA the whole history is read; later
// fetches read the last 89 days, PSD2's limit without SCA.
func TestHistoryWindow(t *testing.T) {
	for _, tc := range []struct {
		name    string
		granted time.Time
		from    string
	}{
		{"right after SCA", now.Add(-time.Minute), "2024-03-10"},
		{"unattended", now.Add(-48 * time.Hour), "2025-12-11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var query string
			c := fakeConnector(t, func(r *http.Request) (int, string) {
				query = r.URL.RawQuery
				return 200, `{"transactions":{"booked":[],"pending":[],"_links":{}}}`
			})
			consent := okConsent
			consent.GrantedAt = tc.granted
			if _, err := c.Transactions(context.Background(), consent, "a1", banks.Query{}); err != nil {
				t.Fatal(err)
			}
			if want := "bookingStatus=both&dateFrom=" + tc.from; query != want {
				t.Errorf("query = %q, want %q", query, want)
			}
		})
	}
}
