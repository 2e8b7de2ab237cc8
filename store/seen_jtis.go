package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// SeeOnce records a one-time value (a DPoP proof's or a client assertion's
// jti under its key) until expires. A value seen before, by any instance,
// is ErrConflict.
func (db *conn) SeeOnce(ctx context.Context, key string, expires time.Time) error {
	res, err := db.exec(ctx, `INSERT INTO oauth_seen_jtis (key, expires_at) VALUES ($1, $2)
		ON CONFLICT (key) DO NOTHING`, key, expires)
	if err != nil {
		return fmt.Errorf("store: see once: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: %s seen before: %w", key, ErrConflict)
	}
	return nil
}

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

// SeeEach records several one-time values in one round trip and reports
// which of them are new; the others were seen before, by any instance (or
// come twice in values, where the first is the new one). It is SeeOnce
// for a group commit of concurrent requests.
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
