package aggregation_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/egress"
	"openbank/store"
	"openbank/store/storetest"
)

// poolClients reads a client's settings through the pool on every call,
// as the server's client registry does once its cached row has expired.
type poolClients struct{ st *store.Store }

func (c poolClients) Settings(ctx context.Context, id string) (aggregation.ClientSettings, error) {
	if _, err := c.st.GetClientForAuth(ctx, id); err != nil && !errors.Is(err, store.ErrNotFound) {
		return aggregation.ClientSettings{}, err
	}
	return aggregation.ClientSettings{}, nil
}

// TestNewConnectionsOutnumberingThePoolAllComplete creates more new
// connections at once than the pool has connections, with every read of
// the client's settings going to the pool: a transaction that asked the
// pool for a second connection (the quotas read inside it) would leave
// each of them waiting for another, until the deadline.
func TestNewConnectionsOutnumberingThePoolAllComplete(t *testing.T) {
	t.Parallel()
	const poolSize, burst = 2, 12
	tests := []struct {
		name   string
		create func(ctx context.Context, svc *aggregation.Service, i int) error
	}{
		{"embedded connect with credentials", func(ctx context.Context, svc *aggregation.Service, i int) error {
			_, err := svc.Connect(ctx, aggregation.ConnectRequest{
				ClientID: "client-a", SubjectID: fmt.Sprint("s-", i), Provider: "embedded-scenario", Access: aggregation.Recurring,
				Credentials: &banks.Credentials{Username: "user", Password: banks.TestPassword}, RequestID: uuid.NewString(),
			})
			return err
		}},
		{"upload to a new connection", func(ctx context.Context, svc *aggregation.Service, i int) error {
			req := coffeeUpload(0)
			req.SubjectID = fmt.Sprint("s-", i)
			_, err := svc.Upload(ctx, req)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := store.New(storetest.OpenDB(t, storetest.NewURL(t), poolSize))
			svc := &aggregation.Service{
				Store: st, Banks: banks.NewRegistry(banks.MockBanks(banks.Options{Now: time.Now})...), Clients: poolClients{st},
				Signer: fakeSigner{}, Clock: time.Now, PublicURL: "http://openbank.test", HTTP: http.DefaultClient,
				Outbound: egress.Policy{AllowPrivate: true},
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			errs := make([]error, burst)
			var wg sync.WaitGroup
			for i := range burst {
				wg.Go(func() { errs[i] = tt.create(ctx, svc, i) })
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatalf("%d creates on a pool of %d: %v", burst, poolSize, err)
			}
		})
	}
}

// TestRecategoriseOnAOneConnectionPoolCompletes re-categorises on a pool
// of one connection: the categoriser reads the client's corrections from
// the pool, which a transaction holding the only connection would wait
// for until the deadline.
func TestRecategoriseOnAOneConnectionPoolCompletes(t *testing.T) {
	t.Parallel()
	f := categorised(t)
	f.connect(t, banks.EmbeddedScenario, "user")
	f.drain(t, store.FetchJob)
	if _, err := f.raw.Exec(`UPDATE transactions SET categoriser_version = 0 WHERE id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	f.raw.SetMaxOpenConns(1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := f.svc.RunRecategorise(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if left, err := f.db.CountStaleCategories(ctx, aggregation.CategoriserVersion); err != nil || left != 0 {
		t.Fatalf("%d transactions left stale: %v", left, err)
	}
}

// TestFetchesOnAOneConnectionPoolComplete saves a fetch and fails one on a
// pool of one connection, every read of the client's settings going to the
// pool: the transaction that stores the outcome and queues its callback
// would wait for a second connection until the deadline.
func TestFetchesOnAOneConnectionPoolComplete(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prepare, want string
	}{
		{"saved", "", "succeeded"},
		{"failed", `UPDATE bank_consents SET valid_until = '2026-03-01'`, "failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, aggregation.ClientSettings{})
			f.svc.Clients = poolClients{f.db}
			f.connect(t, banks.EmbeddedScenario, "user")
			if tt.prepare != "" {
				if _, err := f.raw.Exec(tt.prepare); err != nil {
					t.Fatal(err)
				}
			}
			f.raw.SetMaxOpenConns(1)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			j, err := f.queue.ClaimJob(ctx, []string{store.FetchJob}, "test", time.Minute)
			if err != nil || j == nil {
				t.Fatalf("claim the fetch: %v %v", j, err)
			}
			j.Attempts = j.MaxAttempts // a failure is the fetch's, not retried
			if err := f.svc.RunFetch(ctx, j); err != nil {
				t.Fatal(err)
			}
			var status string
			if err := f.raw.GetContext(ctx, &status, `SELECT status FROM fetches`); err != nil || status != tt.want {
				t.Fatalf("fetch %q (%v), want %q", status, err, tt.want)
			}
		})
	}
}

// meanwhile is a categoriser that runs then after its first batch.
type meanwhile struct {
	aggregation.Categoriser
	then func() error
}

func (m *meanwhile) CategoriseBatch(ctx context.Context, clientID, kind string, own []string, txs []aggregation.CategoryInput) ([]aggregation.Category, error) {
	out, err := m.Categoriser.CategoriseBatch(ctx, clientID, kind, own, txs)
	if then := m.then; then != nil && err == nil {
		m.then = nil
		err = then()
	}
	return out, err
}

// TestRecategoriseKeepsACorrectionLearnedDuringTheBatch: a correction
// learned while a batch is categorised (before the transaction that stores
// it) stays; the batch's other rows take the new version.
func TestRecategoriseKeepsACorrectionLearnedDuringTheBatch(t *testing.T) {
	t.Parallel()
	f := categorised(t)
	f.connect(t, banks.EmbeddedScenario, "user")
	f.drain(t, store.FetchJob)
	var row struct {
		ID       int64
		Category string
	}
	if err := f.raw.Get(&row, `SELECT id, category FROM transactions WHERE category IS NOT NULL ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	want := "living.groceries"
	if row.Category == want {
		want = "income.salary"
	}
	if _, err := f.raw.Exec(`UPDATE transactions SET categoriser_version = 0 WHERE id % 3 = 0 OR id = $1`, row.ID); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	f.svc.Categoriser = &meanwhile{Categoriser: f.svc.Categoriser, then: func() error {
		_, err := f.svc.Learn(ctx, "client-a", []aggregation.Correction{{TransactionID: row.ID, Category: want}})
		return err
	}}
	if err := f.svc.RunRecategorise(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var got string
	if err := f.raw.GetContext(ctx, &got, `SELECT category FROM transactions WHERE id = $1`, row.ID); err != nil || got != want {
		t.Errorf("transaction %d: category %q (%v), want the correction %q", row.ID, got, err, want)
	}
	if left, err := f.db.CountStaleCategories(ctx, aggregation.CategoriserVersion); err != nil || left != 0 {
		t.Fatalf("%d transactions left stale: %v", left, err)
	}
}
