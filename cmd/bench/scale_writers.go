package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
)

// writeUntil commits, until stop closes, transactions that insert a
// transaction into one of the other accounts and update that account and
// its connection, as a fetch does; it returns each commit's timing. The
// rows carry the current categoriser version, as a fetch's do, so that no
// re-categorisation starts meanwhile.
func (s *scale) writeUntil(pool *sqlx.DB, worker int, stop <-chan struct{}) []write {
	var out []write
	for i := 0; ; i++ {
		select {
		case <-stop:
			return out
		default:
		}
		account := s.accounts[(worker*7919+i*104729)%len(s.accounts)]
		t0 := time.Now()
		if err := writeOnce(pool, account, fmt.Sprintf("w%d-%d", worker, i)); err != nil {
			fmt.Fprintln(os.Stderr, "bench: scale: writer:", err)
			return out
		}
		if i > 0 { // the first commit opens its connection
			out = append(out, write{at: t0, took: time.Since(t0)})
		}
	}
}

// writeOnce is one writer commit on account.
func writeOnce(pool *sqlx.DB, account int64, id string) error {
	tx, err := pool.BeginTxx(context.Background(), nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // after Commit, a no-op
	if _, err := tx.Exec(`INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date,
		amount, currency, description, categoriser_version) VALUES ($1, $2, 'booked', current_date, -100, 'GBP', 'CARD PAYMENT', $3)`,
		account, id, aggregation.CategoriserVersion); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE accounts SET balance = balance - 100, updated_at = now() WHERE id = $1`, account); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE connections SET last_fetch_at = now()
		WHERE id = (SELECT connection_id FROM accounts WHERE id = $1)`, account); err != nil {
		return err
	}
	return tx.Commit()
}

// splitWrites parts the commits into those that overlapped [from, to] and
// those that ended before from.
func splitWrites(all []write, from, to time.Time) (during, before []write) {
	for _, w := range all {
		switch end := w.at.Add(w.took); {
		case end.Before(from):
			before = append(before, w)
		case !w.at.After(to):
			during = append(during, w)
		}
	}
	return during, before
}

// slowest is the longest commit's time.
func slowest(ws []write) time.Duration {
	var m time.Duration
	for _, w := range ws {
		m = max(m, w.took)
	}
	return m
}

// p99 is the 99th percentile of the commits' times.
func p99(ws []write) time.Duration {
	if len(ws) == 0 {
		return 0
	}
	d := make([]time.Duration, len(ws))
	for i, w := range ws {
		d[i] = w.took
	}
	slices.Sort(d)
	return d[len(d)*99/100]
}
