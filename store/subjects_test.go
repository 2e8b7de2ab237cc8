package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// TestSubjectLedger reads a subject's connections and its booked,
// non-superseded transactions with their categories.
func TestSubjectLedger(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	conn := &store.Connection{ClientID: "c", SubjectID: "s", Provider: "upload", Access: "one_time",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	if err := st.InsertUploadConnection(ctx, conn, "business", now); err != nil {
		t.Fatal(err)
	}
	if err := st.MarkUploaded(ctx, conn.ID, now); err != nil {
		t.Fatal(err)
	}
	acct, err := st.SaveUploadAccount(ctx, conn.ID, store.UploadAccount{Name: "Main", Currency: "GBP", AsOf: now})
	if err != nil {
		t.Fatal(err)
	}
	db.MustExec(`INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date, booking_date,
		amount, currency, description, counterparty, category, category_confidence, merchant, superseded) VALUES
		($1, 'a', 'booked', '2026-03-01', '2026-03-02', -500, 'GBP', 'TESCO', 'TESCO STORES 2231', 'living.groceries', 0.9, 'Tesco', false),
		($1, 'b', 'booked', '2026-03-03', NULL, 10000, 'GBP', 'SALARY', 'ACME LTD', NULL, NULL, '', false),
		($1, 'c', 'pending', '2026-03-04', NULL, -100, 'GBP', 'CAFE', '', NULL, NULL, NULL, false),
		($1, 'd', 'booked', '2026-03-01', '2026-03-01', -700, 'GBP', 'OLD', '', NULL, NULL, NULL, true)`, acct.ID)
	conns, err := st.SubjectConnections(ctx, "c", "s")
	if err != nil || len(conns) != 1 || conns[0].ConsentStatus.String != "ok" || conns[0].SubjectKind.String != "business" ||
		!conns[0].LastSuccessfulFetchAt.Valid || conns[0].Fetching {
		t.Fatalf("connections: %+v %v", conns, err)
	}
	if other, err := st.SubjectConnections(ctx, "another", "s"); err != nil || len(other) != 0 {
		t.Fatalf("another client sees %+v %v", other, err)
	}
	size, err := st.SubjectSize(ctx, []int64{conn.ID})
	if err != nil || size.Transactions != 4 || size.NewestTransactionID == 0 {
		t.Fatalf("size: %+v %v", size, err)
	}
	rows, err := st.SubjectLedger(ctx, []int64{conn.ID}, size.Transactions)
	if err != nil || len(rows) != 2 {
		t.Fatalf("ledger: %+v %v", rows, err)
	}
	for _, r := range rows {
		switch r.Description {
		case "TESCO":
			if r.Date().Day() != 2 || r.Category != "living.groceries" || r.Payee != "Tesco" || r.Amount != -500 {
				t.Errorf("categorised row: %+v", r)
			}
		case "SALARY":
			if r.Date().Day() != 3 || r.Category != "" || r.Payee != "ACME LTD" || r.Amount != 10000 {
				t.Errorf("uncategorised row: %+v", r)
			}
		default:
			t.Errorf("unexpected row %+v", r)
		}
	}
	versions := []struct {
		update  string
		current int16
		want    int16
	}{
		{``, 1, 0}, // as stored, by no categoriser
		{`UPDATE transactions SET categoriser_version = 1`, 1, 1},
		{`UPDATE transactions SET categoriser_version = 0 WHERE provider_transaction_id = 'c'`, 1, 0},
		{`UPDATE transactions SET categoriser_version = 1`, 2, 1},
		{`UPDATE transactions SET categoriser_version = 3`, 2, 2},
	}
	for _, v := range versions {
		if v.update != "" {
			db.MustExec(v.update)
		}
		if got, err := st.SubjectCategoriserVersion(ctx, []int64{conn.ID}, v.current); err != nil || got != v.want {
			t.Errorf("after %q, categoriser version below %d: %d, %v; want %d", v.update, v.current, got, err, v.want)
		}
	}
}
