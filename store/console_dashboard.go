package store

import (
	"context"
	"fmt"
	"time"
)

// ConsoleCounts are the dashboard's figures.
type ConsoleCounts struct {
	Showcases        int64 `db:"showcases"`
	Consents         int64 `db:"consents"`
	Clients          int64 `db:"clients"`
	Users            int64 `db:"users"`
	Admins           int64 `db:"admins"`
	Connections      int64 `db:"connections"`
	FailedFetches    int64 `db:"failed_fetches"`
	FailedCallbacks  int64 `db:"failed_callbacks"`
	FailedDeliveries int64 `db:"failed_deliveries"`
}

// ConsoleCounts counts the records of the dashboard; failures count from
// since.
func (db *conn) ConsoleCounts(ctx context.Context, since time.Time) (ConsoleCounts, error) {
	var c ConsoleCounts
	const q = `SELECT
		(SELECT count(*) FROM showcases) AS showcases,
		(SELECT count(*) FROM consents) AS consents,
		(SELECT count(*) FROM oauth_clients) AS clients,
		(SELECT count(*) FROM users) AS users,
		(SELECT count(*) FROM users WHERE admin) AS admins,
		(SELECT count(*) FROM connections) AS connections,
		(SELECT count(*) FROM fetches WHERE status = 'failed' AND finished_at >= $1) AS failed_fetches,
		(SELECT count(*) FROM callbacks WHERE status = 'failed' AND created_at >= $1) AS failed_callbacks,
		(SELECT count(*) FROM callback_attempts WHERE attempted_at >= $1
			AND (error IS NOT NULL OR status_code NOT BETWEEN 200 AND 299)) AS failed_deliveries`
	if err := db.get(ctx, &c, q, since); err != nil {
		return c, fmt.Errorf("store: console counts: %w", err)
	}
	return c, nil
}

// KeySummary is a signing key without its private part.
type KeySummary struct {
	Kid        string    `db:"kid"`
	Algorithm  string    `db:"algorithm"`
	ActiveFrom time.Time `db:"active_from"`
	CreatedAt  time.Time `db:"created_at"`
}

// SigningKeySummaries lists the signing keys, newest activation first.
func (db *conn) SigningKeySummaries(ctx context.Context) ([]KeySummary, error) {
	out := make([]KeySummary, 0)
	if err := db.selectAll(ctx, &out, `SELECT kid, algorithm, active_from, created_at FROM oauth_keys
		ORDER BY active_from DESC, created_at DESC`); err != nil {
		return nil, fmt.Errorf("store: key summaries: %w", err)
	}
	return out, nil
}
