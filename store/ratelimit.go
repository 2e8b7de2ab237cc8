package store

import (
	"context"
	"fmt"
	"time"
)

// ClientRateLimit returns the rate limit stored with a client, in requests
// per window; 0 for the server's default or an unknown client.
func (db *conn) ClientRateLimit(ctx context.Context, clientID string) (int, error) {
	var n []int
	if err := db.selectAll(ctx, &n, `SELECT rate_limit FROM oauth_clients WHERE client_id = $1`, clientID); err != nil {
		return 0, fmt.Errorf("store: rate limit of %s: %w", clientID, err)
	}
	if len(n) == 0 {
		return 0, nil
	}
	return n[0], nil
}

// ClientRateLimits returns the clients that have a rate limit of their own,
// with that limit.
func (db *conn) ClientRateLimits(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		ClientID string `db:"client_id"`
		Limit    int    `db:"rate_limit"`
	}
	if err := db.selectAll(ctx, &rows, `SELECT client_id, rate_limit FROM oauth_clients WHERE rate_limit > 0`); err != nil {
		return nil, fmt.Errorf("store: rate limits: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.ClientID] = r.Limit
	}
	return out, nil
}

// SetClientRateLimit stores a client's rate limit, in requests per window;
// 0 returns it to the server's default. An unknown client is ErrNotFound.
func (db *conn) SetClientRateLimit(ctx context.Context, clientID string, limit int) error {
	res, err := db.exec(ctx, `UPDATE oauth_clients SET rate_limit = $2, updated_at = now() WHERE client_id = $1`, clientID, limit)
	return affected("set rate limit", res, err)
}

// RateLimitHeartbeat records that instance is alive, forgets instances not
// seen within stale, and returns how many are alive, itself included.
func (db *conn) RateLimitHeartbeat(ctx context.Context, instance string, stale time.Duration) (int, error) {
	// The statements of one WITH see the same snapshot: the count leaves
	// this instance out and adds it back, whether its row is new or not.
	const q = `WITH beat AS (
			INSERT INTO rate_limit_instances (instance_id, seen_at) VALUES ($1, now())
			ON CONFLICT (instance_id) DO UPDATE SET seen_at = now()
		), gone AS (
			DELETE FROM rate_limit_instances WHERE seen_at < now() - $2 * interval '1 second'
		)
		SELECT 1 + count(*) FROM rate_limit_instances
		WHERE instance_id <> $1 AND seen_at >= now() - $2 * interval '1 second'`
	var n int
	if err := db.get(ctx, &n, q, instance, stale.Seconds()); err != nil {
		return 0, fmt.Errorf("store: rate limit heartbeat: %w", err)
	}
	return n, nil
}
