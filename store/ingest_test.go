package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// queuedFetch stores a connection of client "c" with one queued fetch.
func queuedFetch(t *testing.T, st *store.Store) (connID, fetchID int64) {
	t.Helper()
	ctx := context.Background()
	conn := &store.Connection{ClientID: "c", SubjectID: "s", Provider: "consumer-low-risk", Access: "recurring",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	f := &store.Fetch{Trigger: "connect", CallbackFields: []byte(`{}`)}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		f.ConnectionID = conn.ID
		return tx.QueueFetch(ctx, f, 3)
	})
	if err != nil {
		t.Fatal(err)
	}
	return conn.ID, f.ID
}

// tickingClock advances a second at every reading.
func tickingClock() func() time.Time {
	t := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Second); return t }
}

func rows(status string, ids ...int) []store.TransactionData {
	var out []store.TransactionData
	for _, id := range ids {
		out = append(out, store.TransactionData{ProviderID: strconv.Itoa(id), Status: status, TransactionDate: day(id%28 + 1),
			Amount: -100, Currency: "GBP", Description: "SHOP"})
	}
	return out
}

// A polling client must never see lastFetchAt before the data it
// announces: the stamp is the time the rows were written, not the time
// the save began.
func TestSaveFetchStampsWhenTheRowsAreWritten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	connID, fetchID := queuedFetch(t, st)
	clock := tickingClock()
	began := clock()
	accounts := []store.AccountData{{ProviderAccountID: "a", Name: "Current", Type: "current", Currency: "GBP",
		Transactions: rows("booked", 1, 2, 3)}}
	if _, err := st.SaveFetch(ctx, fetchID, connID, clock, accounts, func(*store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	conn, err := st.ConnectionByID(ctx, connID)
	if err != nil {
		t.Fatal(err)
	}
	f, err := st.Fetch(ctx, fetchID)
	if err != nil {
		t.Fatal(err)
	}
	if !conn.LastFetchAt.Valid || !conn.LastFetchAt.Time.After(began.Add(time.Second)) {
		t.Errorf("lastFetchAt %v, want after the rows were written (the save began at %v)", conn.LastFetchAt.Time, began)
	}
	if !f.FinishedAt.Valid || !f.FinishedAt.Time.Equal(conn.LastFetchAt.Time) {
		t.Errorf("fetch finished at %v, connection stamped %v: want the same time", f.FinishedAt.Time, conn.LastFetchAt.Time)
	}
}

// Booked transactions supersede exactly the pending ones they replace,
// however many rows the account already holds.
func TestSaveFetchSupersedesReplacedPending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	connID, first := queuedFetch(t, st)
	var history []int
	for i := 1000; i < 3000; i++ {
		history = append(history, i)
	}
	accounts := []store.AccountData{{ProviderAccountID: "a", Name: "Current", Type: "current", Currency: "GBP",
		Transactions: append(rows("booked", history...), rows("pending", 1, 2, 3)...)}}
	if _, err := st.SaveFetch(ctx, first, connID, time.Now, accounts, func(*store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	second := &store.Fetch{ConnectionID: connID, Trigger: "refetch", CallbackFields: []byte(`{}`)}
	if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.QueueFetch(ctx, second, 3) }); err != nil {
		t.Fatal(err)
	}
	booked := rows("booked", 11, 13)
	booked[0].ReplacesProviderID, booked[1].ReplacesProviderID = "1", "3"
	accounts[0].Transactions = booked
	if _, err := st.SaveFetch(ctx, second.ID, connID, time.Now, accounts, func(*store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	list, err := st.Accounts(ctx, "c", connID)
	if err != nil || len(list) != 1 {
		t.Fatalf("accounts %v %v", list, err)
	}
	txs, err := st.Transactions(ctx, list[0].ID, 0, 5000)
	if err != nil {
		t.Fatal(err)
	}
	var pending []string
	for _, tx := range txs {
		if tx.Status == "pending" {
			pending = append(pending, tx.Description+tx.TransactionDate.Format("02"))
		}
	}
	if len(txs) != len(history)+3 || len(pending) != 1 || pending[0] != "SHOP03" {
		t.Errorf("%d transactions with pending %v; want %d with only the second pending one open", len(txs), pending, len(history)+3)
	}
}

// A save inside a deadline (a job's lease) bounds its own statements on
// the server, so they end even when the process that sent them is gone.
func TestSaveFetchBoundsItsStatementsByTheDeadline(t *testing.T) {
	t.Parallel()
	st := store.New(storetest.NewDB(t))
	connID, fetchID := queuedFetch(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var statement, lock string
	_, err := st.SaveFetch(ctx, fetchID, connID, time.Now, nil, func(tx *store.Tx) error {
		var err error
		if statement, err = tx.ServerSetting(ctx, "statement_timeout"); err != nil {
			return err
		}
		lock, err = tx.ServerSetting(ctx, "lock_timeout")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"statement_timeout": statement, "lock_timeout": lock} {
		ms, err := strconv.Atoi(strings.TrimSuffix(v, "ms"))
		if v == "20s" {
			ms, err = 20000, nil
		}
		if err != nil || ms <= 0 || ms > 20000 {
			t.Errorf("%s = %q inside a 20 s deadline, want at most 20s", name, v)
		}
	}
}

// TestSaveFetchCancelledMidCopy cancels saves at moments spread over their
// COPY of 20,000 rows (under the race detector, as make test runs it): a
// cancelled save stores nothing, reports the cancellation, and leaves the
// connection usable; none races lib/pq's COPY reader with a rollback.
func TestSaveFetchCancelledMidCopy(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	st := store.New(db)
	ids := make([]int, 20_000)
	for i := range ids {
		ids[i] = i + 1
	}
	for _, after := range []time.Duration{0, 5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond} {
		connID, fetchID := queuedFetch(t, st)
		accounts := []store.AccountData{
			{ProviderAccountID: "a", Name: "Current", Type: "current", Currency: "GBP", Transactions: rows("booked", ids...)},
			{ProviderAccountID: "b", Name: "Savings", Type: "savings", Currency: "GBP", Transactions: rows("booked", ids...)}}
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(after, cancel)
		_, err := st.SaveFetch(ctx, fetchID, connID, time.Now, accounts, func(*store.Tx) error { return nil })
		timer.Stop()
		cancel()
		var stored int
		if e := db.Get(&stored, `SELECT count(*) FROM transactions t JOIN accounts a ON a.id = t.account_id
			WHERE a.connection_id = $1`, connID); e != nil {
			t.Fatal(e)
		}
		switch {
		case err == nil && stored != 40_000:
			t.Errorf("cancelled after %s: saved, but %d rows stored", after, stored)
		case err != nil && (stored != 0 || !strings.Contains(err.Error(), "cancel")):
			t.Errorf("cancelled after %s: %v, %d rows stored; want the cancellation and none", after, err, stored)
		}
	}
}
