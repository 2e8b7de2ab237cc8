package sandbox_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// TestConnectionMatchesInProcessMock fetches through the connector and
// the sandbox and compares every field with the in-process mock bank's
// answer for the same seed and clock.
func TestConnectionMatchesInProcessMock(t *testing.T) {
	for _, tc := range []struct {
		bank     string
		pageSize int
	}{
		{banks.RedirectScenario, 0},
		{banks.ConsumerMultiAccount, 37},
		{banks.BusinessHighRisk, 500},
	} {
		t.Run(tc.bank, func(t *testing.T) {
			f := start(t, sandbox.Behaviour{PageSize: tc.pageSize}, nil)
			c := f.connector(t, tc.bank, xs2a.Quirks{})
			consent := f.connect(t, c, "user", 42)
			if consent.Status != banks.ConsentOK || consent.Reference == "" {
				t.Fatalf("consent = %+v", consent)
			}
			mock, _ := banks.NewMock(tc.bank, banks.Options{Now: func() time.Time { return f.now }})
			want := banks.Consent{Bank: tc.bank, Status: banks.ConsentOK, Seed: 42, Scenario: banks.ScenarioNormal, ValidUntil: f.now.AddDate(1, 0, 0)}
			compareAccounts(t, c, consent, mock, want)
		})
	}
}

func compareAccounts(t *testing.T, c *xs2a.Connector, consent banks.Consent, mock *banks.Mock, want banks.Consent) {
	t.Helper()
	ctx := context.Background()
	got, err := c.Accounts(ctx, consent)
	if err != nil {
		t.Fatalf("accounts: %v", err)
	}
	exp, _ := mock.Accounts(ctx, want)
	if len(got) != len(exp) {
		t.Fatalf("%d accounts, want %d", len(got), len(exp))
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("account %d:\n got %+v\nwant %+v", i, got[i], exp[i])
		}
		txs, err := c.Transactions(ctx, consent, exp[i].ID, banks.Query{})
		if err != nil {
			t.Fatalf("transactions: %v", err)
		}
		from := testNow.AddDate(0, 0, -730)
		expTx, _ := mock.Transactions(ctx, want, exp[i].ID, banks.Query{From: from})
		if len(txs) != len(expTx) || len(txs) == 0 {
			t.Fatalf("account %s: %d transactions, want %d", exp[i].ID, len(txs), len(expTx))
		}
		for j := range expTx {
			e := expTx[j]
			e.TrueCategory = ""
			if e.Status == banks.Booked {
				e.TransactionDate = e.BookingDate // the standard has no transaction date for booked entries
			}
			if txs[j] != e {
				t.Fatalf("transaction %d:\n got %+v\nwant %+v", j, txs[j], e)
			}
		}
	}
}

// TestAwkwardSandbox keeps the connector honest: small pages, refusals,
// consents that expire, sparse answers and signed requests.
func TestAwkwardSandbox(t *testing.T) {
	t.Run("throttled then answered", func(t *testing.T) {
		f := start(t, sandbox.Behaviour{ThrottleEvery: 2}, nil)
		c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
		consent := f.connect(t, c, "user", 7)
		if _, err := c.Accounts(context.Background(), consent); err != nil { // call 1 passes, with the balances
			t.Fatal(err)
		}
		_, err := c.Accounts(context.Background(), consent) // call 2 is refused
		if _, throttled := banks.Throttled(err); !throttled {
			t.Fatalf("err = %v, want a throttle", err)
		}
		if banks.Recoverable(err) {
			t.Error("a throttle must not ask for a new consent")
		}
	})
	t.Run("expired consent", func(t *testing.T) {
		f := start(t, sandbox.Behaviour{ExpireAfterFirst: true}, nil)
		c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
		consent := f.connect(t, c, "user", 7)
		if _, err := c.Accounts(context.Background(), consent); err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(24 * time.Hour)
		_, err := c.Accounts(context.Background(), consent)
		if !errors.Is(err, banks.ErrConsentExpired) {
			t.Fatalf("err = %v, want the consent expired", err)
		}
	})
	t.Run("sparse answers", func(t *testing.T) {
		f := start(t, sandbox.Behaviour{Sparse: true, PageSize: 50}, nil)
		c := f.connector(t, banks.ConsumerHighRisk, xs2a.Quirks{})
		consent := f.connect(t, c, "user", 9)
		accounts, err := c.Accounts(context.Background(), consent)
		if err != nil || len(accounts) == 0 {
			t.Fatalf("accounts %v: %v", accounts, err)
		}
		txs, err := c.Transactions(context.Background(), consent, accounts[0].ID, banks.Query{})
		if err != nil || len(txs) == 0 {
			t.Fatalf("%d transactions: %v", len(txs), err)
		}
		for _, tx := range txs {
			if tx.Description == "" || tx.ID == "" || tx.Amount == 0 {
				t.Fatalf("transaction without the mandatory fields: %+v", tx)
			}
		}
	})
	t.Run("signatures required", func(t *testing.T) {
		f := start(t, sandbox.Behaviour{RequireSignature: true}, nil)
		unsigned := f.connector(t, banks.RedirectScenario, xs2a.Quirks{})
		_, err := unsigned.StartSCA(psu(), banks.ConsentRequest{Seed: 1, Recurring: true, RedirectURI: "https://tpp.example/back"})
		var pe *banks.ProviderError
		if !errors.As(err, &pe) {
			t.Fatalf("unsigned request: err = %v, want a refusal", err)
		}
		signed := f.connector(t, banks.RedirectScenario, xs2a.Quirks{SignRequests: true})
		consent := f.connect(t, signed, "user", 1)
		if _, err := signed.Accounts(context.Background(), consent); err != nil {
			t.Fatalf("signed: %v", err)
		}
	})
	t.Run("four unattended accesses a day", func(t *testing.T) {
		f := start(t, sandbox.Behaviour{}, nil)
		c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
		consent := f.connect(t, c, "user", 3)
		if _, err := c.Accounts(context.Background(), consent); err != nil { // right after SCA: not counted
			t.Fatal(err)
		}
		f.now = f.now.Add(2 * time.Hour)
		for i := range 4 {
			if _, err := c.Accounts(context.Background(), consent); err != nil {
				t.Fatalf("access %d: %v", i+1, err)
			}
		}
		if _, err := c.Accounts(context.Background(), consent); err == nil {
			t.Fatal("a fifth unattended access the same day was answered")
		}
		if _, err := c.Accounts(psu(), consent); err != nil {
			t.Fatalf("an access with the subject present: %v", err)
		}
	})
}

// TestLargeHistory: the "large" test user's history (thousands of
// transactions on one account) comes in pages, each well within the
// connector's page limit, and whole.
func TestLargeHistory(t *testing.T) {
	f := start(t, sandbox.Behaviour{PageSize: 500}, nil)
	c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
	consent := f.connect(t, c, "large", 11)
	accounts, err := c.Accounts(context.Background(), consent)
	if err != nil {
		t.Fatal(err)
	}
	txs, err := c.Transactions(context.Background(), consent, accounts[0].ID, banks.Query{})
	mock, _ := banks.NewMock(banks.ConsumerLowRisk, banks.Options{Now: func() time.Time { return f.now }})
	want, _ := mock.Transactions(context.Background(), banks.Consent{Bank: banks.ConsumerLowRisk, Status: banks.ConsentOK, Seed: 11,
		Scenario: banks.ScenarioLargeHistory, ValidUntil: f.now.Add(time.Hour)}, accounts[0].ID, banks.Query{From: f.now.AddDate(0, 0, -730)})
	if err != nil || len(txs) != len(want) || len(txs) < 5000 {
		t.Fatalf("%d transactions, want %d: %v", len(txs), len(want), err)
	}
}

// TestClientCertificateRequired: the sandbox's API refuses a connector
// that presents no certificate (its sign-in pages, for browsers, do not).
func TestClientCertificateRequired(t *testing.T) {
	f := start(t, sandbox.Behaviour{}, nil)
	c, err := xs2a.New(xs2a.Bank{Code: banks.RedirectScenario, Name: "R", Country: "XF", BaseURL: f.srv.URL + "/" + banks.RedirectScenario,
		CA: f.certs.CA, Environment: banks.Test}, xs2a.Options{Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.StartSCA(psu(), banks.ConsentRequest{Seed: 1, RedirectURI: "https://tpp.example/back"})
	var pe *banks.ProviderError
	if !errors.As(err, &pe) || !strings.Contains(pe.Reason, "401 CERTIFICATE_MISSING") {
		t.Fatalf("err = %v, want the certificate refused", err)
	}
}

// TestSCAOutcomes covers a refused SCA, a cancelled one and the consent's end.
func TestSCAOutcomes(t *testing.T) {
	f := start(t, sandbox.Behaviour{}, nil)
	c := f.connector(t, banks.RedirectScenario, xs2a.Quirks{})
	auth, err := c.StartSCA(psu(), banks.ConsentRequest{Seed: 5, ValidFor: time.Hour, RedirectURI: "https://tpp.example/back"})
	if err != nil {
		t.Fatal(err)
	}
	consent, err := c.CompleteSCA(context.Background(), auth, banks.Credentials{})
	if err != nil || consent.Status != banks.ConsentNew {
		t.Fatalf("before the subject signs in: %+v, %v", consent, err)
	}
	ok := f.connect(t, c, "user", 5)
	if err := c.Revoke(context.Background(), ok); err != nil {
		t.Fatalf("revoke: %v", err)
	}
	if _, err := c.Accounts(context.Background(), ok); !banks.Recoverable(err) {
		t.Fatalf("after revoke: err = %v, want a consent error", err)
	}
}

// TestStateWrittenBehind: a change made within saveEvery of the last write
// reaches the state file on its own a little later, without Close.
func TestStateWrittenBehind(t *testing.T) {
	f := start(t, sandbox.Behaviour{}, nil)
	c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
	state := filepath.Join(t.TempDir(), "consents.json")
	f.restart(t, state)
	first, second := f.connect(t, c, "user", 31), f.connect(t, c, "user", 32)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		raw, _ := os.ReadFile(state)
		if strings.Contains(string(raw), first.Reference) && strings.Contains(string(raw), second.Reference) &&
			!strings.Contains(string(raw), `"status":"received"`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the state file lacks the second consent or its status 5 s later:\n%s", raw)
		}
	}
}

// TestStateSurvivesRestart: a sandbox with a state file knows its
// consents after a restart, as a bank would.
func TestStateSurvivesRestart(t *testing.T) {
	f := start(t, sandbox.Behaviour{}, nil)
	c := f.connector(t, banks.ConsumerLowRisk, xs2a.Quirks{})
	state := filepath.Join(t.TempDir(), "consents.json")
	f.restart(t, state)
	consent := f.connect(t, c, "user", 21)
	if _, err := c.Accounts(context.Background(), consent); err != nil {
		t.Fatal(err)
	}
	f.restart(t, state)
	if _, err := c.Accounts(context.Background(), consent); err != nil {
		t.Fatalf("after a restart: %v", err)
	}
}
