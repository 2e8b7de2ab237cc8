package sandbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// embeddedConnector is the connector of a sandbox bank driven with the
// embedded approach.
func (f *fixture) embeddedConnector(t testing.TB, code string) *xs2a.Connector {
	t.Helper()
	c, err := xs2a.New(xs2a.Bank{Code: code, Name: code, Country: "XF", BaseURL: f.srv.URL + "/" + code,
		Standard: "berlin-group", Version: "1.3.11", SCAApproaches: []string{xs2a.Embedded}, Certificate: f.certs.ClientCert,
		Key: f.certs.ClientKey, CA: f.certs.CA, Quirks: xs2a.Quirks{OrderedTransactionIDs: true, SeedAsPSUID: true},
		Environment: banks.Test}, xs2a.Options{Now: func() time.Time { return f.now }, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// outcome is what one try of an embedded SCA gave.
type outcome struct {
	status banks.ConsentStatus
	err    error
}

// embeddedSCA runs the tries of an embedded SCA as the aggregation does:
// a one-time code asked for carries the bank's challenge to the next try.
func embeddedSCA(t *testing.T, p banks.Provider, seed int64, tries []banks.Credentials) ([]outcome, banks.Consent) {
	t.Helper()
	auth, err := p.StartSCA(psu(), banks.ConsentRequest{Seed: seed, ValidFor: 90 * 24 * time.Hour, Recurring: true})
	if err != nil {
		t.Fatalf("start SCA: %v", err)
	}
	if auth.SCA != banks.SCAEmbedded || auth.RedirectURL != "" {
		t.Fatalf("authorisation %+v is not embedded", auth)
	}
	var out []outcome
	var last banks.Consent
	for _, cred := range tries {
		last, err = p.CompleteSCA(psu(), auth, cred)
		if errors.Is(err, banks.ErrOneTimeCodeRequired) && last.Challenge != "" {
			auth.Challenge = last.Challenge
		}
		out = append(out, outcome{last.Status, err})
	}
	return out, last
}

// TestEmbeddedSCAMatchesInProcessMock: every test user's embedded SCA,
// and the fetch after it, ends through the connector and the sandbox as
// with the in-process mock bank: the same consent status, the same
// error at each try, the same scenario in the fetches.
func TestEmbeddedSCAMatchesInProcessMock(t *testing.T) {
	password := func(user string) banks.Credentials {
		return banks.Credentials{Username: user, Password: banks.TestPassword}
	}
	code := func(c string) banks.Credentials { return banks.Credentials{OneTimeCode: c} }
	for _, tc := range []struct {
		name  string
		tries []banks.Credentials
		later time.Duration // the fetch's distance from the SCA
	}{
		{"user", []banks.Credentials{password("user")}, 0},
		{"wrong password then right", []banks.Credentials{{Username: "user", Password: "nope"}, password("user")}, 0},
		{"unknown user", []banks.Credentials{password("nobody")}, 0},
		{"sca-fail", []banks.Credentials{password("sca-fail")}, 0},
		{"sca-abandon", []banks.Credentials{password("sca-abandon")}, 0},
		{"otp", []banks.Credentials{password("otp"), code("000000"), code(""), code(banks.TestOneTimeCode)}, 0},
		{"otp at once", []banks.Credentials{{Username: "otp", Password: banks.TestPassword, OneTimeCode: banks.TestOneTimeCode}}, 0},
		{"otp, then the password again", []banks.Credentials{password("otp"), password("otp"), code(banks.TestOneTimeCode)}, 0},
		{"expire-soon", []banks.Credentials{password("expire-soon")}, 10 * time.Minute},
		{"consent-error", []banks.Credentials{password("consent-error")}, 0},
		{"provider-error", []banks.Credentials{password("provider-error")}, 0},
		{"maintenance", []banks.Credentials{password("maintenance")}, 0},
		{"throttled", []banks.Credentials{password("throttled")}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := start(t, sandbox.Behaviour{}, nil)
			mock, _ := banks.NewMock(banks.EmbeddedScenario, banks.Options{Now: func() time.Time { return f.now }})
			want, wantConsent := embeddedSCA(t, mock, 11, tc.tries)
			got, gotConsent := embeddedSCA(t, f.embeddedConnector(t, banks.EmbeddedScenario), 11, tc.tries)
			for i := range want {
				if got[i].status != want[i].status || !sameError(got[i].err, want[i].err) {
					t.Fatalf("try %d: got %s, %v; the mock bank gives %s, %v", i+1, got[i].status, got[i].err, want[i].status, want[i].err)
				}
			}
			if wantConsent.Status != banks.ConsentOK {
				return
			}
			f.now = f.now.Add(tc.later)
			for range 2 { // the throttled user's second call is refused
				wantAccounts, wantErr := mock.Accounts(context.Background(), wantConsent)
				gotAccounts, gotErr := f.embeddedConnector(t, banks.EmbeddedScenario).Accounts(context.Background(), gotConsent)
				if !sameError(gotErr, wantErr) || len(gotAccounts) != len(wantAccounts) {
					t.Fatalf("fetch: got %d accounts, %v; the mock bank gives %d, %v", len(gotAccounts), gotErr, len(wantAccounts), wantErr)
				}
				if wait, ok := banks.RetryAfter(wantErr); ok {
					if got, _ := banks.RetryAfter(gotErr); got != wait {
						t.Errorf("retry after %v, the mock bank says %v", got, wait)
					}
				}
			}
		})
	}
}

// sameError: both nil, or the connector's error is the mock bank's (the
// same sentinel, or both throttles).
func sameError(got, want error) bool {
	if want == nil || got == nil {
		return got == want
	}
	if _, ok := banks.Throttled(want); ok {
		_, ok := banks.Throttled(got)
		return ok
	}
	return errors.Is(got, want) && banks.Recoverable(got) == banks.Recoverable(want)
}
