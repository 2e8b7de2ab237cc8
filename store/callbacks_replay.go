package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrCallbackPending is a replay of a callback whose delivery is still
// under way.
var ErrCallbackPending = errors.New("store: callback still pending")

// ReplayCallback puts a delivered or failed callback of clientID back in
// the queue with a fresh delivery job, in one transaction. Its attempts
// stay in its history. An unknown callback (or another client's) is
// ErrNotFound; one still pending is ErrCallbackPending.
func (db *conn) ReplayCallback(ctx context.Context, clientID, id string, maxAttempts int) (int64, error) {
	var jobID int64
	err := db.inTx(ctx, func(tx *Tx) error {
		var status string
		err := tx.get(ctx, &status, `SELECT status FROM callbacks WHERE id = $1 AND client_id = $2 FOR UPDATE`, id, clientID)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("store: replay callback %s: %w", id, err)
		case status == "pending":
			return ErrCallbackPending
		}
		jobID, err = tx.Enqueue(ctx, NewJob{Kind: CallbackJob, Key: id, Payload: map[string]string{"callbackId": id}, MaxAttempts: maxAttempts})
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE callbacks SET status = 'pending', delivered_at = NULL, job_id = $2 WHERE id = $1`,
			id, jobID); err != nil {
			return fmt.Errorf("store: replay callback %s: %w", id, err)
		}
		return nil
	})
	return jobID, err
}
