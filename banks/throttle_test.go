package banks

import (
	"context"
	"errors"
	"testing"
	"time"
)

// consentOf completes an SCA of username at bank code.
func consentOf(t *testing.T, code, username string, now time.Time) (*Mock, Consent) {
	t.Helper()
	m, err := NewMock(code, Options{Now: func() time.Time { return now }, ThrottleRetryAfter: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	auth, err := m.StartSCA(ctx, ConsentRequest{Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	c, err := m.CompleteSCA(ctx, auth, Credentials{Username: username, Password: TestPassword})
	if err != nil {
		t.Fatal(err)
	}
	return m, c
}

// TestThrottledUserIsRefusedEveryOtherCall: the first Accounts call answers
// "too many requests" with the hint, the next one the accounts.
func TestThrottledUserIsRefusedEveryOtherCall(t *testing.T) {
	t.Parallel()
	m, c := consentOf(t, EmbeddedScenario, "throttled", historyOpens.Time().AddDate(1, 0, 0))
	ctx := context.Background()
	for i, want := range []bool{true, false, true, false} {
		accounts, err := m.Accounts(ctx, c)
		wait, throttled := Throttled(err)
		if throttled != want || (throttled && wait != 10*time.Millisecond) || (!throttled && (err != nil || len(accounts) == 0)) {
			t.Fatalf("call %d: %d accounts, %v; want throttled %v", i+1, len(accounts), err, want)
		}
	}
	if Recoverable(&ThrottleError{}) || errors.Is(&ThrottleError{}, ErrProviderUnavailable) {
		t.Fatal("a throttle is neither a consent nor a provider failure")
	}
}

// TestRememberedHistoryAnswersAsGenerated compares the remembered answers
// with a fresh run of the generator: all transactions, none after the
// newest, and the ones after an older id.
func TestRememberedHistoryAnswersAsGenerated(t *testing.T) {
	t.Parallel()
	now := historyOpens.Time().AddDate(1, 0, 0)
	m, c := consentOf(t, ConsumerMultiAccount, "user", now)
	ctx := context.Background()
	fresh := generate(m.spec, c.Seed, c.Scenario, now)
	for range 2 { // the second round answers from memory
		accounts, err := m.Accounts(ctx, c)
		if err != nil || len(accounts) != len(fresh) {
			t.Fatalf("accounts: %d, %v; want %d", len(accounts), err, len(fresh))
		}
		for i, h := range fresh {
			all := h.matching(Query{})
			for _, q := range []Query{{}, {AfterID: all[len(all)-1].ID}, {AfterID: all[len(all)/2].ID}} {
				got, err := m.Transactions(ctx, c, accounts[i].ID, q)
				if want := h.matching(q); err != nil || len(got) != len(want) {
					t.Fatalf("account %d after %q: %d transactions, %v; want %d", i, q.AfterID, len(got), err, len(want))
				}
			}
		}
	}
}
