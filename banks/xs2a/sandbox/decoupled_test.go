package sandbox_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// decoupledConnector is the connector of a sandbox bank driven with the
// decoupled approach.
func (f *fixture) decoupledConnector(t testing.TB, code string) *xs2a.Connector {
	t.Helper()
	c, err := xs2a.New(xs2a.Bank{Code: code, Name: code, Country: "XF", BaseURL: f.srv.URL + "/" + code,
		Standard: "berlin-group", Version: "1.3.11", SCAApproaches: []string{xs2a.Decoupled, xs2a.Redirect},
		Certificate: f.certs.ClientCert, Key: f.certs.ClientKey, CA: f.certs.CA,
		Quirks: xs2a.Quirks{OrderedTransactionIDs: true, SeedAsPSUID: true}, Environment: banks.Test},
		xs2a.Options{Now: func() time.Time { return f.now }, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// inApp signs the test user in to its app and answers the first request
// waiting there.
func (f *fixture) inApp(t *testing.T, bank, user, action string) {
	t.Helper()
	ctx := context.Background()
	if err := f.aspsp.SignIn(ctx, bank, user, banks.TestPassword); err != nil {
		t.Fatalf("%s signs in: %v", user, err)
	}
	list := f.aspsp.Pending(bank, user)
	if len(list) == 0 {
		t.Fatalf("the app of %s shows no request", user)
	}
	if _, err := f.aspsp.Decide(ctx, bank, user, list[0], action == "approve"); err != nil {
		t.Fatalf("the app's %s: %v", action, err)
	}
}

// TestDecoupledApproach: the subject's customer ID starts the
// authorisation, the bank waits for its app, and the subject's answer
// there decides as the test user's sign-in would.
func TestDecoupledApproach(t *testing.T) {
	for _, tc := range []struct {
		bank, user, action string
		status             banks.ConsentStatus
		fetch              error // after an ok consent
	}{
		{banks.ConsumerHighRisk, "user", "approve", banks.ConsentOK, nil},
		{banks.ConsumerHighRisk, "user", "deny", banks.ConsentFail, nil},
		{banks.ConsumerHighRisk, "sca-fail", "approve", banks.ConsentFail, nil},
		{banks.ConsumerHighRisk, "sca-abandon", "approve", banks.ConsentNew, nil},
		{banks.EmbeddedScenario, "otp", "approve", banks.ConsentOK, nil},
		{banks.ConsumerHighRisk, "maintenance", "approve", banks.ConsentOK, banks.ErrMaintenance},
		{banks.ConsumerHighRisk, "nobody", "", "", nil},
	} {
		t.Run(tc.bank+"/"+tc.user+"/"+tc.action, func(t *testing.T) {
			f := start(t, sandbox.Behaviour{}, nil)
			c := f.decoupledConnector(t, tc.bank)
			if info := c.Info(); info.SCA != banks.SCAEmbedded || !info.Decoupled || c.ReturnsToTPP() {
				t.Fatalf("info %+v", info)
			}
			auth, err := c.StartSCA(psu(), banks.ConsentRequest{Seed: 5, ValidFor: 90 * 24 * time.Hour, Recurring: true})
			if err != nil || auth.RedirectURL != "" || auth.Reference == "" {
				t.Fatalf("start: %+v, %v", auth, err)
			}
			consent, err := c.CompleteSCA(psu(), auth, banks.Credentials{Username: tc.user})
			if tc.action == "" {
				if !errors.Is(err, banks.ErrInvalidCredentials) {
					t.Fatalf("an unknown customer: %v", err)
				}
				return
			}
			if !errors.Is(err, banks.ErrApprovalPending) || consent.Challenge == "" || consent.Status != banks.ConsentNew {
				t.Fatalf("after the customer ID: %+v, %v", consent, err)
			}
			auth.Challenge = consent.Challenge
			if _, err := c.CompleteSCA(psu(), auth, banks.Credentials{}); !errors.Is(err, banks.ErrApprovalPending) {
				t.Fatalf("before the approval: %v", err)
			}
			f.inApp(t, tc.bank, tc.user, tc.action)
			consent, err = c.CompleteSCA(psu(), auth, banks.Credentials{})
			if err != nil || consent.Status != tc.status {
				t.Fatalf("after the app: %+v, %v; want %s", consent, err, tc.status)
			}
			if consent.Status != banks.ConsentOK {
				return
			}
			_, err = c.Accounts(context.Background(), consent)
			if tc.fetch == nil && err != nil || tc.fetch != nil && !errors.Is(err, tc.fetch) {
				t.Fatalf("fetch: %v, want %v", err, tc.fetch)
			}
		})
	}
}

// TestDecoupledSurvivesRestart: an approval asked before the sandbox
// restarts is still waiting in the app afterwards, and decides.
func TestDecoupledSurvivesRestart(t *testing.T) {
	f := start(t, sandbox.Behaviour{}, nil)
	state := filepath.Join(t.TempDir(), "consents.json")
	f.restart(t, state)
	c := f.decoupledConnector(t, banks.ConsumerLowRisk)
	auth := awaitApproval(t, c, 8)
	f.restart(t, state)
	f.inApp(t, banks.ConsumerLowRisk, "user", "approve")
	if consent, err := c.CompleteSCA(psu(), auth, banks.Credentials{}); err != nil || consent.Status != banks.ConsentOK {
		t.Fatalf("after a restart and the approval: %+v, %v", consent, err)
	}
}

// TestAppOnlyForItsUser: the app checks the test user's password as the
// bank's sign-in does, lists a user's own requests alone, and another
// user's answer, or an answer to a request no longer waiting, decides
// nothing.
func TestAppOnlyForItsUser(t *testing.T) {
	ctx := context.Background()
	f := start(t, sandbox.Behaviour{}, nil)
	bank := banks.ConsumerLowRisk
	for _, tc := range []struct {
		bank, user, password string
		want                 error
	}{
		{bank, "user", banks.TestPassword, nil},
		{banks.EmbeddedScenario, "otp", banks.TestPassword, nil},
		{bank, "user", "wrong", sandbox.ErrSignIn},
		{bank, "nobody", banks.TestPassword, sandbox.ErrSignIn},
		{"no-bank", "user", banks.TestPassword, sandbox.ErrNoBank},
	} {
		if err := f.aspsp.SignIn(ctx, tc.bank, tc.user, tc.password); !errors.Is(err, tc.want) {
			t.Errorf("sign-in of %s/%s with %q: %v, want %v", tc.bank, tc.user, tc.password, err, tc.want)
		}
	}
	c := f.decoupledConnector(t, bank)
	auth := awaitApproval(t, c, 9)
	if list := f.aspsp.Pending(bank, "sca-fail"); len(list) != 0 {
		t.Fatalf("another user's app lists %v", list)
	}
	if list := f.aspsp.Pending(banks.ConsumerHighRisk, "user"); len(list) != 0 {
		t.Fatalf("another bank's app lists %v", list)
	}
	list := f.aspsp.Pending(bank, "user")
	if len(list) != 1 {
		t.Fatalf("the user's app lists %v", list)
	}
	if _, err := f.aspsp.Decide(ctx, bank, "sca-fail", list[0], true); !errors.Is(err, sandbox.ErrNotWaiting) {
		t.Fatalf("another user's approval: %v", err)
	}
	if _, err := c.CompleteSCA(psu(), auth, banks.Credentials{}); !errors.Is(err, banks.ErrApprovalPending) {
		t.Fatalf("after another user's approval: %v", err)
	}
	if ok, err := f.aspsp.Decide(ctx, bank, "user", list[0], true); !ok || err != nil {
		t.Fatalf("the user's approval: %v, %v", ok, err)
	}
	if _, err := f.aspsp.Decide(ctx, bank, "user", list[0], false); !errors.Is(err, sandbox.ErrNotWaiting) {
		t.Fatalf("a second answer: %v", err)
	}
	if consent, err := c.CompleteSCA(psu(), auth, banks.Credentials{}); err != nil || consent.Status != banks.ConsentOK {
		t.Fatalf("after the approval: %+v, %v", consent, err)
	}
}

// awaitApproval starts a decoupled SCA for the test user "user" with seed
// and gives the customer ID: the bank then waits for the approval in its
// app. It returns the authorisation to ask it again with.
func awaitApproval(t *testing.T, c *xs2a.Connector, seed int64) banks.Authorisation {
	t.Helper()
	auth, err := c.StartSCA(psu(), banks.ConsentRequest{Seed: seed, ValidFor: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	consent, err := c.CompleteSCA(psu(), auth, banks.Credentials{Username: "user"})
	if !errors.Is(err, banks.ErrApprovalPending) {
		t.Fatalf("after the customer ID: %v", err)
	}
	auth.Challenge = consent.Challenge
	return auth
}
