package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"openbank/store"
	"openbank/store/storetest"
)

// seedConnection stores a connection of the client with two accounts
// holding rows transactions between them, and returns it with its accounts.
func seedConnection(t *testing.T, db *sqlx.DB, st *store.Store, clientID string, rows int) (int64, []int64) {
	t.Helper()
	c := &store.Connection{ClientID: clientID, SubjectID: "s", Provider: "embedded-scenario", Access: "one_time",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	if err := st.InsertConnection(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	var accounts []int64
	err := db.Select(&accounts, `INSERT INTO accounts (connection_id, provider_account_id, type, currency)
		SELECT $1, 'acc-' || g, 'current', 'GBP' FROM generate_series(1, 2) g RETURNING id`, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	db.MustExec(`INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date, amount, currency)
		SELECT ($1::bigint[])[1 + g % 2], 'tx-' || g, 'booked', date '2025-01-01' + g % 700, g, 'GBP'
		FROM generate_series(1, $2::integer) g`, pq.Array(accounts), rows)
	return c.ID, accounts
}

// TestRemoveConnectionHidesAtOnce removes a connection: it and its
// transactions are gone for the client at once, another client cannot
// remove it, and a durable job holding its accounts is queued.
func TestRemoveConnectionHidesAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	id, accounts := seedConnection(t, db, st, "client-a", 12_000)
	if _, err := st.RemoveConnection(ctx, "client-b", id, time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another client removed the connection: %v", err)
	}
	d, err := st.RemoveConnection(ctx, "client-a", id, time.Now())
	if err != nil || len(d.Accounts) != 2 {
		t.Fatalf("remove: %+v %v", d, err)
	}
	if _, err := st.Connection(ctx, "client-a", id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the removed connection is still read: %v", err)
	}
	for _, a := range accounts {
		if ok, err := st.AccountVisible(ctx, "client-a", a); ok || err != nil {
			t.Fatalf("account %d still visible: %v", a, err)
		}
	}
	var job store.Job
	if err := db.Get(&job, `SELECT id, kind, key, payload FROM jobs WHERE kind = $1`, store.ConnectionDeleteJob); err != nil {
		t.Fatalf("no delete job: %v", err)
	}
	var queued store.ConnectionDeletion
	if err := json.Unmarshal(job.Payload, &queued); err != nil || queued.ConnectionID != id || len(queued.Accounts) != 2 {
		t.Fatalf("job payload %s: %v", job.Payload, err)
	}
	if _, err := st.RemoveConnection(ctx, "client-a", id, time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removed twice: %v", err)
	}
}

// TestDeleteTransactionsResumes deletes one batch, stops as a crashed
// server would, then finishes: nothing of the connection is left, and the
// other connections' rows are untouched.
func TestDeleteTransactionsResumes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	id, _ := seedConnection(t, db, st, "client-a", 2*store.TransactionBatch+300)
	_, kept := seedConnection(t, db, st, "client-a", 500)
	d, err := st.RemoveConnection(ctx, "client-a", id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if n, err := st.DeleteTransactionBatch(ctx, d.Accounts[0], store.TransactionBatch); err != nil || n != store.TransactionBatch {
		t.Fatalf("first batch: %d %v", n, err)
	}
	left, err := st.RemainingTransactions(ctx, d.Accounts)
	if err != nil || left != store.TransactionBatch+300 {
		t.Fatalf("after the first batch %d left: %v", left, err)
	}
	done, err := st.DeleteTransactions(ctx, d.Accounts, func() bool { return true })
	if err != nil || !done {
		t.Fatalf("resume: %v %v", done, err)
	}
	if left, err := st.RemainingTransactions(ctx, d.Accounts); err != nil || left != 0 {
		t.Fatalf("%d orphan rows: %v", left, err)
	}
	if n, err := st.RemainingTransactions(ctx, kept); err != nil || n != 500 {
		t.Fatalf("the other connection kept %d rows: %v", n, err)
	}
}

// TestDeleteConnectionLeavesNoRows deletes a connection to the end in one
// call: no transaction of its accounts is left.
func TestDeleteConnectionLeavesNoRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	id, accounts := seedConnection(t, db, st, "client-a", store.TransactionBatch+1)
	if err := st.DeleteConnection(ctx, "client-b", id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another client deleted it: %v", err)
	}
	if err := st.DeleteConnection(ctx, "client-a", id); err != nil {
		t.Fatal(err)
	}
	if left, err := st.RemainingTransactions(ctx, accounts); err != nil || left != 0 {
		t.Fatalf("%d rows left: %v", left, err)
	}
}
