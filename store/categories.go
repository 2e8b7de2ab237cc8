package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// CategoryOverrides returns a client's corrections: merchant key to
// category. An empty map when it has none.
func (db *conn) CategoryOverrides(ctx context.Context, clientID string) (map[string]string, error) {
	rows := []struct {
		Key      string `db:"merchant_key"`
		Category string `db:"category"`
	}{}
	err := db.selectAll(ctx, &rows, `SELECT merchant_key, category FROM category_overrides WHERE client_id = $1`, clientID)
	if err != nil {
		return nil, fmt.Errorf("store: category overrides of %s: %w", clientID, err)
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[r.Key] = r.Category
	}
	return m, nil
}

// SaveCategoryOverrides records a client's corrections, merchant key to
// category, replacing earlier ones for the same keys.
func (db *conn) SaveCategoryOverrides(ctx context.Context, clientID string, overrides map[string]string, now time.Time) error {
	keys, codes := make([]string, 0, len(overrides)), make([]string, 0, len(overrides))
	for k, c := range overrides {
		keys, codes = append(keys, k), append(codes, c)
	}
	const q = `INSERT INTO category_overrides (client_id, merchant_key, category, created_at, updated_at)
		SELECT $1, k, c, $4, $4 FROM unnest($2::text[], $3::text[]) AS o(k, c)
		ON CONFLICT (client_id, merchant_key) DO UPDATE SET category = EXCLUDED.category, updated_at = EXCLUDED.updated_at`
	if _, err := db.exec(ctx, q, clientID, pq.Array(keys), pq.Array(codes), now); err != nil {
		return fmt.Errorf("store: save category overrides: %w", err)
	}
	return nil
}

// CategoryTarget is a stored transaction as a correction reads it.
type CategoryTarget struct {
	ID           int64      `db:"id"`
	AccountID    int64      `db:"account_id"`
	Description  string     `db:"description"`
	Counterparty string     `db:"counterparty"`
	Amount       int64      `db:"amount"`
	Merchant     NullString `db:"merchant"`
}

// CategoryTargets returns those of the transactions with the given ids that
// belong to one of the client's connections, in no particular order; the
// rows are locked until the transaction ends.
func (db *conn) CategoryTargets(ctx context.Context, clientID string, ids []int64) ([]CategoryTarget, error) {
	list := make([]CategoryTarget, 0, len(ids))
	const q = `SELECT t.id, t.account_id, t.description, t.counterparty, t.amount, t.merchant FROM transactions t
		JOIN accounts a ON a.id = t.account_id JOIN connections c ON c.id = a.connection_id
		WHERE t.id = ANY($1) AND c.client_id = $2 FOR UPDATE OF t`
	if err := db.selectAll(ctx, &list, q, pq.Array(ids), clientID); err != nil {
		return nil, fmt.Errorf("store: transactions to categorise: %w", err)
	}
	return list, nil
}

// CategoryUpdate is a new category of one stored transaction.
type CategoryUpdate struct {
	ID        int64
	AccountID int64
	Category  Category
}

// SetCategories stores new categories of transactions.
func (db *conn) SetCategories(ctx context.Context, updates []CategoryUpdate) error {
	if len(updates) == 0 {
		return nil
	}
	n := len(updates)
	ids, accounts, versions := make([]int64, n), make([]int64, n), make([]int64, n)
	codes, merchants := make([]sql.NullString, n), make([]sql.NullString, n)
	confidences := make([]sql.NullFloat64, n)
	for i, u := range updates {
		ids[i], accounts[i], versions[i] = u.ID, u.AccountID, int64(u.Category.Version)
		c := u.Category
		codes[i] = sql.NullString{String: c.Code, Valid: c.Code != ""}
		confidences[i] = sql.NullFloat64{Float64: c.Confidence, Valid: c.Code != ""}
		merchants[i] = sql.NullString{String: c.Merchant, Valid: c.Merchant != ""}
	}
	const q = `UPDATE transactions t SET category = u.code::transaction_category, category_confidence = u.confidence,
		merchant = u.merchant, categoriser_version = u.version
		FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::real[], $5::text[], $6::smallint[])
			AS u(id, account_id, code, confidence, merchant, version)
		WHERE t.account_id = u.account_id AND t.id = u.id`
	_, err := db.exec(ctx, q, pq.Array(ids), pq.Array(accounts), pq.Array(codes), pq.Array(confidences),
		pq.Array(merchants), pq.Array(versions))
	if err != nil {
		return fmt.Errorf("store: set categories: %w", err)
	}
	return nil
}
