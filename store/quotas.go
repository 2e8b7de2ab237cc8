package store

import (
	"context"
	"fmt"
	"time"
)

// ConnectionCounts are how many connections a client holds, in all and
// for one subject.
type ConnectionCounts struct {
	Subject int `db:"subject"`
	Client  int `db:"client"`
}

// LockConnectionCounts takes the client's connection lock until the
// transaction ends and counts its connections, in all and of subjectID.
// Every insert of a connection of the client that checks a quota holds the
// lock, so two concurrent inserts cannot both pass a count one below the
// bound. Called on the pool, the lock ends with the statement: call it on
// a *Tx.
func (db *conn) LockConnectionCounts(ctx context.Context, clientID, subjectID string) (ConnectionCounts, error) {
	var n ConnectionCounts
	if _, err := db.exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('connections:' || $1, 0))`, clientID); err != nil {
		return n, fmt.Errorf("store: lock connections of client: %w", err)
	}
	err := db.get(ctx, &n, `SELECT count(*) FILTER (WHERE subject_id = $2) AS subject, count(*) AS client
		FROM connections WHERE client_id = $1`, clientID, subjectID)
	if err != nil {
		return n, fmt.Errorf("store: count connections: %w", err)
	}
	return n, nil
}

// InsertWidgetWithin adds a widget as InsertWidget does when its subject
// has fewer than limit open links (not expired at now and without an
// outcome), else ErrLimit; concurrent inserts for one subject wait for
// each other, so the bound holds exactly.
func (db *conn) InsertWidgetWithin(ctx context.Context, w *Widget, limit int, now time.Time) error {
	return db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('widgets:' || $1 || ':' || $2, 0))`,
			w.ClientID, w.SubjectID); err != nil {
			return fmt.Errorf("store: lock widgets of subject: %w", err)
		}
		var open int
		if err := tx.get(ctx, &open, `SELECT count(*) FROM widgets WHERE client_id = $1 AND subject_id = $2
			AND outcome IS NULL AND expired_at > $3`, w.ClientID, w.SubjectID, now); err != nil {
			return fmt.Errorf("store: count open widgets: %w", err)
		}
		if open >= limit {
			return fmt.Errorf("store: open widgets of subject: %w", ErrLimit)
		}
		return tx.InsertWidget(ctx, w)
	})
}
