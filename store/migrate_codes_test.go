package store_test

import (
	"context"
	"testing"

	"openbank/store"
	"openbank/store/storetest"
)

// TestTransactionCodesKeepStoredRows applies the migrations before 0027 to
// an empty database, stores transactions with text statuses and
// categories, and applies 0027: statuses and taxonomy codes survive as
// enum values, a code outside the taxonomy is dropped and its row left to
// the background categoriser (version 0).
func TestTransactionCodesKeepStoredRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	db.MustExec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public`)
	ms, err := store.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	db.MustExec(`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now())`)
	for _, m := range ms {
		if m.Version >= 27 {
			break
		}
		db.MustExec(m.SQL)
		db.MustExec(`INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name)
	}
	db.MustExec(`WITH c AS (INSERT INTO connections (client_id, subject_id, provider, access, consent_days, request_id)
			VALUES ('c', 's', 'upload', 'one_time', 1, gen_random_uuid()) RETURNING id),
		a AS (INSERT INTO accounts (connection_id, provider_account_id, name, type, currency)
			SELECT id, 'a', 'Main', 'current', 'GBP' FROM c RETURNING id)
		INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date, amount, currency,
			category, category_confidence, categoriser_version)
		SELECT a.id, v.p, v.s, '2026-03-01', -100, 'GBP', v.c, v.k, 1 FROM a, (VALUES
			('known', 'booked', 'living.groceries', 0.9::real), ('unknown', 'pending', 'living.pets', 0.8::real),
			('none', 'booked', NULL, NULL)) AS v(p, s, c, k)`)
	if _, err := store.New(db).Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	type row struct {
		ID         string   `db:"provider_transaction_id"`
		Status     string   `db:"status"`
		Category   *string  `db:"category"`
		Confidence *float64 `db:"category_confidence"`
		Version    int      `db:"categoriser_version"`
	}
	var rows []row
	if err := db.Select(&rows, `SELECT provider_transaction_id, status, category, category_confidence, categoriser_version
		FROM transactions ORDER BY provider_transaction_id`); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id, status, category string
		version              int
	}{{"known", "booked", "living.groceries", 1}, {"none", "booked", "", 1}, {"unknown", "pending", "", 0}}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v", rows)
	}
	for i, w := range want {
		r := rows[i]
		category := ""
		if r.Category != nil {
			category = *r.Category
		}
		if r.ID != w.id || r.Status != w.status || category != w.category || r.Version != w.version ||
			(category == "") != (r.Confidence == nil) {
			t.Errorf("row %d: %+v, want %+v", i, r, w)
		}
	}
	var kinds []string
	if err := db.Select(&kinds, `SELECT format_type(atttypid, NULL) FROM pg_attribute
		WHERE attrelid = 'transactions'::regclass AND attname IN ('status', 'category') ORDER BY attname`); err != nil {
		t.Fatal(err)
	}
	if len(kinds) != 2 || kinds[0] != "transaction_category" || kinds[1] != "transaction_status" {
		t.Fatalf("column types %v", kinds)
	}
}
