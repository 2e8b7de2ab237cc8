package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// Once is a one-time value to record, as SeeEach takes them.
type Once struct {
	Key     string
	Expires time.Time
}

// seeEachQuery records a batch of one-time values in one statement and
// returns those that were not there: a value it leaves out was seen before.
const seeEachQuery = `INSERT INTO oauth_seen_jtis (key, expires_at)
	SELECT k, to_timestamp(e / 1e6) FROM unnest($1::text[], $2::bigint[]) AS o(k, e)
	ON CONFLICT (key) DO NOTHING RETURNING key`

// SeeEach records one-time values (DPoP proofs' or client assertions'
// jtis under their keys) in one round trip and reports
// which of them are new; the others were seen before, by any instance (or
// come twice in values, where the first is the new one). Concurrent
// requests' values reach it together, in one group commit.
func (db *conn) SeeEach(ctx context.Context, values []Once) (map[string]bool, error) {
	keys := make([]string, len(values))
	expires := make([]int64, len(values))
	for i, v := range values {
		keys[i], expires[i] = v.Key, v.Expires.UnixMicro()
	}
	args := []any{pq.Array(keys), pq.Array(expires)}
	var rows *sql.Rows
	var err error
	if db.tx != nil {
		rows, err = db.tx.QueryContext(ctx, seeEachQuery, args...)
	} else if stmt, perr := db.prepared(ctx, seeEachQuery); perr != nil {
		err = perr
	} else {
		rows, err = stmt.QueryContext(ctx, args...)
	}
	if err != nil {
		return nil, fmt.Errorf("store: see each: %w", err)
	}
	defer func() { _ = rows.Close() }()
	fresh := make(map[string]bool, len(values))
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			return nil, fmt.Errorf("store: see each: %w", err)
		}
		fresh[key] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: see each: %w", err)
	}
	return fresh, nil
}
