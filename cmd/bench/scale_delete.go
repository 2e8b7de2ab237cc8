package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"
)

// The deletion measured: a connection with scaleDeleteRows transactions is
// deleted while scaleWriters other writers commit on the same tables.
const (
	scaleDeleteRows = 50_000
	scaleWriters    = 4
	scaleBaseline   = 3 * time.Second // writers alone, before the delete
	maxWriterBlock  = 100 * time.Millisecond
)

// write is one writer commit: when it started and how long it took.
type write struct {
	at   time.Time
	took time.Duration
}

// measureDelete deletes a large connection through the API while other
// writers commit, and reports how long the longest of their commits took
// during the deletion, and before it for comparison.
func (s *scale) measureDelete() error {
	ctx := context.Background()
	connID, accounts, err := s.deletableConnection(ctx)
	if err != nil {
		return err
	}
	pool, err := openPool(s.dsn, scaleWriters)
	if err != nil {
		return err
	}
	defer func() { _ = pool.Close() }()
	stop := make(chan struct{})
	writes := make([][]write, scaleWriters)
	var wg sync.WaitGroup
	for w := range scaleWriters {
		wg.Go(func() { writes[w] = s.writeUntil(pool, w, stop) })
	}
	time.Sleep(scaleBaseline)
	began := time.Now()
	answered, gone, err := s.deleteConnection(ctx, connID, accounts)
	close(stop)
	wg.Wait()
	if err != nil {
		return err
	}
	during, before := splitWrites(slices.Concat(writes...), began, began.Add(gone))
	worst := slowest(during)
	s.note("\nscale: delete of a connection with %d transactions: answered in %s, its rows gone after %s", scaleDeleteRows, ms(answered), ms(gone))
	s.note("scale:   %d other writers (insert a transaction, update an account and a connection, commit): "+
		"during the delete %d commits, max %s, p99 %s; before it %d commits, max %s, p99 %s (target max ≤ %s: %s)",
		scaleWriters, len(during), ms(worst), ms(p99(during)), len(before), ms(slowest(before)), ms(p99(before)),
		maxWriterBlock, verdict(worst <= maxWriterBlock))
	return nil
}

// deletableConnection stores a connection of two accounts holding
// scaleDeleteRows transactions.
func (s *scale) deletableConnection(ctx context.Context) (int64, []int64, error) {
	var accounts []int64
	err := s.db.SelectContext(ctx, &accounts, `WITH c AS (
		INSERT INTO connections (client_id, subject_id, provider, access, consent_days, request_id)
		VALUES ($1, 'scale-delete', 'embedded-scenario', 'one_time', 1, gen_random_uuid()) RETURNING id)
	INSERT INTO accounts (connection_id, provider_account_id, type, currency)
	SELECT c.id, 'acc_' || a, 'current', 'GBP' FROM c, generate_series(1, 2) a RETURNING id`, benchClientID)
	if err != nil {
		return 0, nil, err
	}
	var connID int64
	if err := s.db.GetContext(ctx, &connID, `SELECT connection_id FROM accounts WHERE id = $1`, accounts[0]); err != nil {
		return 0, nil, err
	}
	if err := seedRows(ctx, s.db, accounts, 0, scaleDeleteRows, scaleDeleteRows); err != nil {
		return 0, nil, err
	}
	_, err = s.db.ExecContext(ctx, `CHECKPOINT`)
	return connID, accounts, err
}

// deleteConnection sends the DELETE and waits until no transaction of the
// accounts is left; it returns when the API answered and when the rows
// were gone, both from the request.
func (s *scale) deleteConnection(ctx context.Context, connID int64, accounts []int64) (time.Duration, time.Duration, error) {
	start := time.Now()
	req, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/aggregation/v3.12.0/connections/%d", s.base, connID), nil)
	req.Header.Set("X-Request-Id", uuid.NewString())
	status, body, err := s.fetch(s.authed(req))
	if err != nil || status != http.StatusNoContent {
		return 0, 0, fmt.Errorf("delete answered %d %s: %v", status, body, err)
	}
	answered := time.Since(start)
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var left int
		if err := s.db.GetContext(ctx, &left, `SELECT count(*) FROM transactions WHERE account_id = ANY($1)`, pq.Array(accounts)); err != nil {
			return 0, 0, err
		}
		if left == 0 {
			return answered, time.Since(start), nil
		}
	}
	return 0, 0, fmt.Errorf("the deleted connection's transactions were still there a minute later")
}
