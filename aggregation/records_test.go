package aggregation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// TestDeleteConnectionInBatches deletes a fetched connection: it and its
// accounts are gone for the client at once; its transactions go within
// the request when time allows, else the queued job deletes them, and no
// row of its accounts is left either way.
func TestDeleteConnectionInBatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		step     time.Duration // how far each reading of the clock moves it
		leftover bool          // rows wait for the job
	}{
		{"within the request", 0, false},
		{"by the job", 2 * aggregation.DeleteInline, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t, aggregation.ClientSettings{})
			res := f.connect(t, banks.EmbeddedScenario, "user")
			f.drain(t, store.FetchJob)
			accounts, err := f.db.Accounts(ctx, "client-a", res.Connection.ID)
			if err != nil || len(accounts) == 0 {
				t.Fatalf("accounts: %v %v", accounts, err)
			}
			f.svc.Clock = func() time.Time { f.clock.Advance(tt.step); return f.clock.Now() }
			if err := f.svc.DeleteConnection(ctx, "client-b", res.Connection.ID); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("another client deleted the connection: %v", err)
			}
			if err := f.svc.DeleteConnection(ctx, "client-a", res.Connection.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.Connection(ctx, "client-a", res.Connection.ID); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("the deleted connection is still read: %v", err)
			}
			if _, err := f.svc.Transactions(ctx, "client-a", accounts[0].ID, 0, 10); !errors.Is(err, aggregation.ErrUnknownAccount) {
				t.Fatalf("the deleted account's transactions are still read: %v", err)
			}
			if left := remaining(t, f, accounts); (left > 0) != tt.leftover {
				t.Fatalf("%d rows left after the request", left)
			}
			runDeleteJob(t, f)
			if left := remaining(t, f, accounts); left != 0 {
				t.Fatalf("%d orphan rows after the job", left)
			}
		})
	}
}

// remaining counts the transactions stored for the accounts.
func remaining(t *testing.T, f *fixture, accounts []store.Account) int64 {
	t.Helper()
	ids := make([]int64, len(accounts))
	for i, a := range accounts {
		ids[i] = a.ID
	}
	n, err := f.db.RemainingTransactions(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// runDeleteJob makes the queued delete job due and runs it as a worker would.
func runDeleteJob(t *testing.T, f *fixture) {
	t.Helper()
	ctx := context.Background()
	f.raw.MustExec(`UPDATE jobs SET run_at = now() WHERE kind = $1`, store.ConnectionDeleteJob)
	j, err := f.queue.ClaimJob(ctx, []string{store.ConnectionDeleteJob}, "test", time.Minute)
	if err != nil || j == nil {
		t.Fatalf("claim the delete job: %v %v", j, err)
	}
	if err := f.svc.RunConnectionDelete(ctx, j); err != nil {
		t.Fatal(err)
	}
}
