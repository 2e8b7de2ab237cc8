package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Shape of the transactions the GET /transactions rows query: the same
// accounts hold 10,000 rows in all, then 1,000,000.
const (
	txConnections      = 10
	txAccountsPerConn  = 10
	txSmall            = 10_000
	txLarge            = 1_000_000
	txNewRows          = 10 // rows newer than the lastTransactionId asked with
	txTransactionsPath = "/aggregation/v3.12.0/transactions"
)

// txTarget is one GET /transactions query: an account and the id after
// which txNewRows of its rows follow.
type txTarget struct {
	AccountID int64 `db:"account_id"`
	AfterID   int64 `db:"after_id"`
}

// Names of the rows the 1M rows are compared with.
const (
	txSmallRow      = "GET /transactions, 10k rows"
	txSmallRowConn1 = "GET /transactions, 10k rows, 1 conn"
)

// transactionOperations query the newest rows of an account with the
// table small, then grown to a million rows.
func (b *bench) transactionOperations() []operation {
	p50 := goal{maxP50Ratio: 1.3}
	return []operation{
		{name: txSmallRow, reference: refSelect, request: b.listTransactions, status: 200,
			setup: func() error { return b.seedTransactions(txSmall) }},
		{name: txSmallRowConn1, request: b.listTransactions, status: 200, conns: 1},
		{name: "GET /transactions, 1M rows", reference: txSmallRow, request: b.listTransactions, status: 200, goal: p50,
			setup: func() error { return b.seedTransactions(txLarge) }},
		{name: "GET /transactions, 1M rows, 1 conn", reference: txSmallRowConn1, request: b.listTransactions,
			status: 200, conns: 1, goal: p50},
	}
}

// listTransactions asks for the rows of an account after its target id,
// with a new request id as every aggregation call needs.
func (b *bench) listTransactions(w, i int) *http.Request {
	t := b.txTargets[(w*7919+i)%len(b.txTargets)]
	url := fmt.Sprintf("%s%s?accountId=%d&lastTransactionId=%d&limit=100", b.base, txTransactionsPath, t.AccountID, t.AfterID)
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("X-Request-Id", uuid.NewString())
	return b.authed(req)
}

// seedTransactions grows the transactions table to total rows, spread
// over the bench accounts (created on first use), and picks the targets.
func (b *bench) seedTransactions(total int) error {
	ctx := context.Background()
	if b.txAccounts == nil {
		ids, err := createTxAccounts(ctx, b.db)
		if err != nil {
			return err
		}
		b.txAccounts = ids
	}
	if err := growTransactions(ctx, b.db, b.txAccounts, total); err != nil {
		return err
	}
	targets, err := newestTargets(ctx, b.db, b.txAccounts)
	b.txTargets = targets
	return err
}

// createTxAccounts creates the bench client's connections and accounts
// that hold the transactions.
func createTxAccounts(ctx context.Context, db *sqlx.DB) ([]int64, error) {
	const q = `WITH c AS (
		INSERT INTO connections (client_id, subject_id, provider, access, consent_days, request_id)
		SELECT $1, 'transactions-' || g, 'embedded-scenario', 'one_time', 1, gen_random_uuid()
		FROM generate_series(1, $2::integer) g RETURNING id)
	INSERT INTO accounts (connection_id, provider_account_id, name, type, currency)
	SELECT c.id, 'account-' || a, 'Current account ' || a, 'current', 'GBP' FROM c, generate_series(1, $3::integer) a
	RETURNING id`
	ids := []int64{}
	if err := db.SelectContext(ctx, &ids, q, benchClientID, txConnections, txAccountsPerConn); err != nil {
		return nil, fmt.Errorf("create accounts: %w", err)
	}
	return ids, nil
}

// growTransactions inserts booked rows until the table holds total rows,
// dealt round-robin to the accounts so that their ids interleave as
// successive fetches make them, then vacuums and analyzes the table and
// settles the load.
func growTransactions(ctx context.Context, db *sqlx.DB, accounts []int64, total int) error {
	var have int
	if err := db.GetContext(ctx, &have, `SELECT count(*) FROM transactions`); err != nil {
		return err
	}
	const q = `INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date,
		booking_date, value_date, amount, currency, method, description, counterparty, reference)
	SELECT ($1::bigint[])[1 + g % $2], 'bench-' || g, 'booked', d, d, d, (g * 7919) % 200000 - 100000, 'GBP',
		'card', 'CARD PAYMENT ' || g, 'Bench Shop Ltd', 'REF' || g
	FROM generate_series($3::bigint, $4::bigint) g, LATERAL (SELECT date '2020-01-01' + (g / 500)::integer AS d) day`
	if _, err := db.ExecContext(ctx, q, pq.Array(accounts), len(accounts), have+1, total); err != nil {
		return fmt.Errorf("insert transactions: %w", err)
	}
	if _, err := db.ExecContext(ctx, `VACUUM ANALYZE transactions`); err != nil {
		return err
	}
	return settle(db)
}

// newestTargets picks, per account, the id after which its txNewRows
// newest rows come (0 when it holds fewer): what a client polling for new
// rows asks.
func newestTargets(ctx context.Context, db *sqlx.DB, accounts []int64) ([]txTarget, error) {
	const q = `SELECT a AS account_id,
		coalesce((SELECT id FROM transactions WHERE account_id = a ORDER BY id DESC OFFSET $2 LIMIT 1), 0) AS after_id
	FROM unnest($1::bigint[]) a`
	targets := []txTarget{}
	if err := db.SelectContext(ctx, &targets, q, pq.Array(accounts), txNewRows); err != nil {
		return nil, fmt.Errorf("pick targets: %w", err)
	}
	return targets, nil
}
