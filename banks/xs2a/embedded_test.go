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

// embeddedBank is a fake bank offering the embedded approach: answer
// gives the answer to each request after POST /v1/consents, by method and
// the path's last segment.
func embeddedBank(t *testing.T, seen *[]*http.Request, answer func(r *http.Request, body string) (int, string)) *Connector {
	t.Helper()
	c, err := New(Bank{Code: "fake", Name: "Fake Bank", Country: "DE", BaseURL: "https://bank.example/psd2",
		SCAApproaches: []string{Embedded, Redirect}},
		Options{Now: func() time.Time { return now }, Backoff: time.Millisecond, Transport: fakeBank(func(r *http.Request) (int, string) {
			var b []byte
			if r.Body != nil {
				b, _ = io.ReadAll(r.Body)
			}
			*seen = append(*seen, r)
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/v1/consents") {
				return 201, `{"consentStatus":"received","consentId":"c1","_links":{"startAuthorisationWithPsuAuthentication":{"href":"/psd2/v1/consents/c1/authorisations"}}}`
			}
			if strings.HasSuffix(r.URL.Path, "/status") {
				return 200, `{"consentStatus":"valid"}`
			}
			if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/consents/c1") {
				return 200, `{"consentStatus":"valid","validUntil":"2026-06-08"}`
			}
			return answer(r, string(b))
		})})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEmbeddedApproach drives the embedded approach against a bank's
// possible answers: an SCA method chosen by the bank or among several,
// a code owed or not, a wrong password or code, and answers it cannot use.
func TestEmbeddedApproach(t *testing.T) {
	const (
		started     = `{"scaStatus":"scaMethodSelected","authorisationId":"a1","chosenScaMethod":{"authenticationType":"SMS_OTP","authenticationMethodId":"sms"},"_links":{}}`
		several     = `{"scaStatus":"psuAuthenticated","authorisationId":"a1","scaMethods":[{"authenticationType":"PUSH_OTP","authenticationMethodId":"app"},{"authenticationType":"SMS_OTP","authenticationMethodId":"sms"}],"_links":{}}`
		finalised   = `{"scaStatus":"finalised","authorisationId":"a1","_links":{}}`
		badPassword = `{"tppMessages":[{"category":"ERROR","code":"PSU_CREDENTIALS_INVALID"}]}`
	)
	password := banks.Credentials{Username: "anna", Password: "pw"}
	for _, tc := range []struct {
		name   string
		cred   banks.Credentials
		answer func(r *http.Request, body string) (int, string)
		status banks.ConsentStatus
		err    error  // nil, or the sentinel expected
		reason string // a bad answer's reason
		calls  string // the requests after POST /v1/consents
	}{
		{"exempted", password, func(*http.Request, string) (int, string) { return 201, finalised }, banks.ConsentOK, nil, "",
			"POST authorisations, GET status, GET c1"},
		{"code owed", password, func(*http.Request, string) (int, string) { return 201, started }, banks.ConsentNew,
			banks.ErrOneTimeCodeRequired, "", "POST authorisations"},
		{"code with the password", banks.Credentials{Username: "anna", Password: "pw", OneTimeCode: "123456"},
			func(r *http.Request, body string) (int, string) {
				if r.Method == http.MethodPut && body == `{"scaAuthenticationData":"123456"}` {
					return 200, `{"scaStatus":"finalised"}`
				}
				return 201, started
			}, banks.ConsentOK, nil, "", "POST authorisations, PUT a1, GET status, GET c1"},
		{"several methods: the first chosen", password, func(r *http.Request, body string) (int, string) {
			if r.Method == http.MethodPut && body == `{"authenticationMethodId":"app"}` {
				return 200, `{"scaStatus":"scaMethodSelected","chosenScaMethod":{"authenticationType":"PUSH_OTP","authenticationMethodId":"app"}}`
			}
			return 201, several
		}, banks.ConsentNew, banks.ErrOneTimeCodeRequired, "", "POST authorisations, PUT a1"},
		{"wrong password", password, func(*http.Request, string) (int, string) { return 401, badPassword }, banks.ConsentNew,
			banks.ErrInvalidCredentials, "", "POST authorisations"},
		{"wrong code", banks.Credentials{OneTimeCode: "000000"}, func(*http.Request, string) (int, string) { return 401, badPassword },
			banks.ConsentNew, banks.ErrOneTimeCodeInvalid, "", "PUT a1"},
		{"failed", banks.Credentials{OneTimeCode: "123456"}, func(r *http.Request, _ string) (int, string) {
			return 200, `{"scaStatus":"failed"}`
		}, banks.ConsentOK, nil, "", "PUT a1, GET status, GET c1"}, // the consent's status decides
		{"no authorisation id", password, func(*http.Request, string) (int, string) { return 201, `{"scaStatus":"finalised","_links":{}}` },
			banks.ConsentNew, nil, "without authorisationId", "POST authorisations"},
		{"methods without a list", password, func(*http.Request, string) (int, string) {
			return 201, `{"scaStatus":"psuAuthenticated","authorisationId":"a1","_links":{}}`
		}, banks.ConsentNew, nil, "without SCA methods", "POST authorisations"},
		{"methods asked twice", password, func(r *http.Request, _ string) (int, string) {
			if r.Method == http.MethodPut {
				return 200, several
			}
			return 201, several
		}, banks.ConsentNew, nil, "SCA method again", "POST authorisations, PUT a1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen []*http.Request
			c := embeddedBank(t, &seen, tc.answer)
			ctx := banks.WithPSU(context.Background(), banks.PSU{IPAddress: "192.0.2.1"})
			auth, err := c.StartSCA(ctx, banks.ConsentRequest{Seed: 3, ValidFor: 90 * 24 * time.Hour, Recurring: true, RedirectURI: "https://ob.example/back"})
			if err != nil || auth.SCA != banks.SCAEmbedded || auth.Reference != "c1" || auth.RedirectURL != "" {
				t.Fatalf("start: %+v, %v", auth, err)
			}
			if h := seen[0].Header; h.Get("TPP-Redirect-Preferred") != "false" || h.Get("TPP-Redirect-URI") != "" {
				t.Errorf("consent request headers: %v", h)
			}
			if tc.cred.Username == "" {
				auth.Challenge = "a1" // the code step of an authorisation under way
			}
			consent, err := c.CompleteSCA(ctx, auth, tc.cred)
			switch {
			case tc.reason != "":
				var pe *banks.ProviderError
				if !errors.As(err, &pe) || !strings.Contains(pe.Reason, tc.reason) {
					t.Fatalf("err = %v, want a bad answer: %s", err, tc.reason)
				}
			case tc.err == nil && err != nil, tc.err != nil && !errors.Is(err, tc.err):
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if consent.Status != tc.status {
				t.Errorf("status = %s, want %s", consent.Status, tc.status)
			}
			if errors.Is(err, banks.ErrOneTimeCodeRequired) != (consent.Challenge == "a1") {
				t.Errorf("challenge = %q with %v", consent.Challenge, err)
			}
			var calls []string
			for _, r := range seen[1:] {
				segments := strings.Split(r.URL.Path, "/")
				calls = append(calls, r.Method+" "+segments[len(segments)-1])
				if r.Method == http.MethodPost && r.Header.Get("PSU-ID") != "anna" {
					t.Errorf("the authorisation's PSU-ID = %q", r.Header.Get("PSU-ID"))
				}
			}
			if got := strings.Join(calls, ", "); got != tc.calls {
				t.Errorf("calls: %s, want %s", got, tc.calls)
			}
		})
	}
}

// TestMaintenanceAndRevocation: a 503 with Retry-After is the bank's
// maintenance (banks.ErrMaintenance with the bank's hint, not asked again
// at once); a CONSENT_INVALID whose consent reads revokedByPsu is
// banks.ErrConsentRevoked.
func TestMaintenanceAndRevocation(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer fakeBank
		check  func(error) bool
		calls  int32
	}{
		{"maintenance", func(*http.Request) (int, string) {
			return 503, `{"tppMessages":[{"category":"ERROR","code":"SERVICE_UNAVAILABLE","text":"the bank is in maintenance"}]}`
		}, func(err error) bool {
			wait, ok := banks.RetryAfter(err)
			return errors.Is(err, banks.ErrMaintenance) && !errors.Is(err, banks.ErrProviderUnavailable) && ok && wait == time.Hour
		}, 3},
		{"maintenance until", func(r *http.Request) (int, string) { return 503, `{}` }, func(err error) bool {
			wait, _ := banks.RetryAfter(err)
			return errors.Is(err, banks.ErrMaintenance) && wait == 20*time.Minute
		}, 1},
		{"revoked", func(r *http.Request) (int, string) {
			if strings.HasSuffix(r.URL.Path, "/status") {
				return 200, `{"consentStatus":"revokedByPsu"}`
			}
			return 401, `{"tppMessages":[{"category":"ERROR","code":"CONSENT_INVALID"}]}`
		}, func(err error) bool { return errors.Is(err, banks.ErrConsentRevoked) }, 2},
		{"invalid", func(r *http.Request) (int, string) {
			if strings.HasSuffix(r.URL.Path, "/status") {
				return 200, `{"consentStatus":"valid"}`
			}
			return 401, `{"tppMessages":[{"category":"ERROR","code":"CONSENT_INVALID"}]}`
		}, func(err error) bool { return banks.Recoverable(err) && !errors.Is(err, banks.ErrConsentRevoked) }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls atomic.Int32
			c := fakeConnector(t, func(r *http.Request) (int, string) { calls.Add(1); return tc.answer(r) })
			if tc.name == "maintenance until" {
				c.client.Transport = retryAfterHeader{c.client.Transport, "1200"}
			}
			_, err := c.Accounts(context.Background(), okConsent)
			if !tc.check(err) {
				t.Fatalf("err = %v", err)
			}
			if calls.Load() != tc.calls {
				t.Errorf("%d calls, want %d", calls.Load(), tc.calls)
			}
		})
	}
}

// retryAfterHeader adds a Retry-After to every answer.
type retryAfterHeader struct {
	next  http.RoundTripper
	value string
}

func (h retryAfterHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := h.next.RoundTrip(r)
	if err == nil {
		resp.Header.Set("Retry-After", h.value)
	}
	return resp, err
}
