package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"openbank/aggregation"
)

// scaleChunk is how many rows one committed INSERT of the seed adds.
const scaleChunk = 250_000

// createAccounts creates the connections and accounts of both databases.
func (s *scale) createAccounts() error {
	var ref []int64
	if err := createScaleAccounts(s.ref.db, &ref); err != nil {
		return err
	}
	s.refAccounts = ref[:scaleSmallOn]
	return createScaleAccounts(s.db, &s.accounts)
}

// createScaleAccounts creates scaleAccounts accounts of the bench client,
// scaleAccountsConn per connection, and lists them in ids.
func createScaleAccounts(db *sqlx.DB, ids *[]int64) error {
	const q = `WITH c AS (
		INSERT INTO connections (client_id, subject_id, provider, access, consent_days, request_id)
		SELECT $1, 'scale-' || g, 'embedded-scenario', 'one_time', 1, gen_random_uuid()
		FROM generate_series(1, $2::integer) g RETURNING id)
	INSERT INTO accounts (connection_id, provider_account_id, name, type, currency)
	SELECT c.id, 'acc_' || a, 'Current account ' || a, 'current', 'GBP' FROM c, generate_series(1, $3::integer) a
	RETURNING id`
	*ids = make([]int64, 0, scaleAccounts)
	return db.Select(ids, q, benchClientID, scaleAccounts/scaleAccountsConn, scaleAccountsConn)
}

// scaleInsert adds the rows from $3 to $4 of a seed of $6 rows, each with
// the id of the fetch that stored it, dealt
// round-robin to the accounts $1 ($2 of them) and stored account by
// account, as a round of fetches stores them: a chunk is one round. Their
// dates grow with the row number over two years from $5; the merchants,
// amounts and texts look like a bank's.
const scaleInsert = `WITH m(i, method, description, counterparty, merchant, category, sign, base) AS (VALUES
		(0, 'card', 'CARD PAYMENT TO TESCO STORES 2231', 'Tesco Stores', 'Tesco', 'living.groceries', -1, 3500),
		(1, 'card', 'CARD PAYMENT TO PRET A MANGER', 'Pret A Manger', 'Pret A Manger', 'living.eating_out', -1, 650),
		(2, 'direct_debit', 'BRITISH GAS DD', 'British Gas', 'British Gas', 'housing.utilities', -1, 8500),
		(3, 'bacs', 'ACME TRADING LTD SALARY', 'Acme Trading Ltd', NULL, 'income.salary', 1, 250000),
		(4, 'card', 'AMAZON MARKETPLACE AMZN.CO.UK', 'Amazon', 'Amazon', 'living.shopping', -1, 2500),
		(5, 'card', 'CARD PAYMENT TO SHELL 0481', 'Shell', 'Shell', 'living.transport', -1, 6000),
		(6, 'standing_order', 'STANDING ORDER RENT FLAT 2', 'K Patel', NULL, 'housing.rent', -1, 95000),
		(7, 'card', 'NETFLIX.COM', 'Netflix', 'Netflix', 'living.entertainment', -1, 1099),
		(8, 'atm', 'CASH WITHDRAWAL LINK ATM', 'LINK ATM', NULL, 'cash.withdrawal', -1, 2000),
		(9, 'faster_payment', 'FASTER PAYMENT TO J SMITH', 'J Smith', NULL, 'transfer.out', -1, 4000))
	INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date, booking_date,
		value_date, amount, currency, balance_after, method, description, counterparty, reference, fetch_id,
		category, category_confidence, merchant, categoriser_version)
	SELECT ($1::bigint[])[1 + g % $2], 'tx_' || lpad(to_hex(g), 10, '0'), 'booked', day.d, day.d, day.d,
		m.sign * (m.base + (g * 7919) % (m.base / 2 + 1)), 'GBP', (g * 104729) % 500000 - 100000, m.method,
		m.description || ' ' || to_char(day.d, 'DD MON'), m.counterparty,
		CASE WHEN g % 4 = 0 THEN 'REF ' || g % 1000000 ELSE '' END, $3 / 1000 + g % $2, m.category::transaction_category, 0.93, m.merchant, $7
	FROM generate_series($3::bigint, $4::bigint) g
	JOIN m ON m.i = g % 10
	CROSS JOIN LATERAL (SELECT $5::date + (g * 730 / $6)::integer AS d) day
	ORDER BY g % $2, g`

// seedRows adds rows from+1 to to of a seed of total rows over the
// accounts, one committed chunk at a time, with progress on stderr.
func seedRows(ctx context.Context, db *sqlx.DB, accounts []int64, from, to, total int) error {
	start := time.Now()
	first := time.Now().AddDate(-2, 0, 0).Format(time.DateOnly)
	for lo := from + 1; lo <= to; lo += scaleChunk {
		hi := min(lo+scaleChunk-1, to)
		if err := seedChunk(ctx, db, accounts, lo, hi, first, total); err != nil {
			return fmt.Errorf("seed rows %d-%d: %w", lo, hi, err)
		}
		if to-from > scaleChunk {
			done := hi - from
			rate := float64(done) / time.Since(start).Seconds()
			fmt.Fprintf(os.Stderr, "bench: scale: seeded %d of %d rows on %d accounts (%.0f rows/s)\n", done, to-from, len(accounts), rate)
		}
	}
	return nil
}

// seedParallel seeds rows transactions over the accounts with one
// connection per half of them: the halves touch different index pages.
func seedParallel(ctx context.Context, db *sqlx.DB, accounts []int64, rows int) error {
	half := len(accounts) / 2
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, part := range [][]int64{accounts[:half], accounts[half:]} {
		wg.Go(func() { errs[i] = seedRows(ctx, db, part, 0, rows/2, rows/2) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// seedChunk commits the rows lo to hi of the seed, sorted in memory.
func seedChunk(ctx context.Context, db *sqlx.DB, accounts []int64, lo, hi int, first string, total int) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // after Commit, a no-op
	if _, err := tx.ExecContext(ctx, `SET LOCAL work_mem = '256MB'`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, scaleInsert, pq.Array(accounts), len(accounts), lo, hi, first, total,
		aggregation.CategoriserVersion); err != nil {
		return err
	}
	return tx.Commit()
}

// seed fills the table with scaleRows and times it. Checkpoints are
// spaced out meanwhile: each chunk touches most index pages, and a
// checkpoint per chunk would write every one of them to the WAL whole
// again. The settings are reset before anything is measured.
func (s *scale) seed() error {
	start := time.Now()
	if err := s.spaceCheckpoints("8GB", "30min"); err != nil {
		return err
	}
	err := seedParallel(context.Background(), s.db, s.accounts, scaleRows)
	if err := errors.Join(err, s.spaceCheckpoints("", "")); err != nil {
		return err
	}
	seeded := time.Since(start)
	if err := settleTransactions(s.db); err != nil {
		return err
	}
	s.note("scale: seeded %d transactions over %d accounts in %s (%.0f rows/s), vacuum and checkpoint %s more",
		scaleRows, len(s.accounts), seeded.Round(time.Second), float64(scaleRows)/seeded.Seconds(),
		(time.Since(start) - seeded).Round(time.Second))
	return nil
}

// spaceCheckpoints sets the cluster's max_wal_size and checkpoint_timeout,
// or resets them when empty.
func (s *scale) spaceCheckpoints(walSize, timeout string) error {
	for name, value := range map[string]string{"max_wal_size": walSize, "checkpoint_timeout": timeout} {
		q := `ALTER SYSTEM RESET ` + name
		if value != "" {
			q = `ALTER SYSTEM SET ` + name + ` = '` + value + `'`
		}
		if _, err := s.db.Exec(q); err != nil {
			return err
		}
	}
	_, err := s.db.Exec(`SELECT pg_reload_conf()`)
	return err
}

// settleTransactions vacuums and analyses the table and checkpoints.
func settleTransactions(db *sqlx.DB) error {
	if _, err := db.Exec(`VACUUM ANALYZE transactions`); err != nil {
		return err
	}
	_, err := db.Exec(`CHECKPOINT`)
	return err
}
