package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// ConnectionDeleteJob is the job kind that deletes the transactions of a
// deleted connection's accounts; its key is the connection id.
const ConnectionDeleteJob = "connection-delete"

// TransactionBatch is how many transactions one statement deletes: a
// batch takes a few milliseconds and writes little WAL, so no lock or
// burst of writes lasts long enough to hold up other writers' commits.
const TransactionBatch = 2000

// ConnectionDeletion is what is left of a deleted connection: the accounts
// whose transactions are still to delete. It is the payload of its
// ConnectionDeleteJob.
type ConnectionDeletion struct {
	ConnectionID int64   `json:"connectionId"`
	Accounts     []int64 `json:"accounts"`
}

// RemoveConnection deletes one of the client's connections with its
// consents, fetches and accounts in one short transaction, which also
// deletes the results (analytics, reports) of the connection's subject,
// so that their links stop working, and queues a ConnectionDeleteJob, run
// from after, to delete the transactions of those accounts. From the
// commit on, nothing of the connection is visible: every read of
// transactions goes through their account.
func (db *conn) RemoveConnection(ctx context.Context, clientID string, id int64, after time.Time) (*ConnectionDeletion, error) {
	d := &ConnectionDeletion{ConnectionID: id, Accounts: make([]int64, 0)}
	err := db.inTx(ctx, func(tx *Tx) error {
		// Locked first, so that no fetch adds an account between the
		// listing and the delete: a fetch's SaveFetch locks it too.
		var subject string
		err := tx.get(ctx, &subject, `SELECT subject_id FROM connections WHERE id = $1 AND client_id = $2 FOR UPDATE`, id, clientID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: lock connection %d: %w", id, err)
		}
		if err := tx.DeleteSubjectResults(ctx, clientID, subject); err != nil {
			return err
		}
		if err := tx.selectAll(ctx, &d.Accounts, `SELECT id FROM accounts WHERE connection_id = $1 ORDER BY id`, id); err != nil {
			return fmt.Errorf("store: accounts of %d: %w", id, err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM connections WHERE id = $1`, id); err != nil {
			return fmt.Errorf("store: delete connection %d: %w", id, err)
		}
		_, err = tx.Enqueue(ctx, NewJob{Kind: ConnectionDeleteJob, Key: fmt.Sprint(id), Payload: d,
			RunAt: after, MaxAttempts: 100})
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// DeleteTransactionBatch deletes up to limit of an account's transactions,
// oldest first, in a statement of its own, and returns how many it deleted.
// Rows another statement is deleting at the same time are skipped, so a
// short batch means that nothing else is left to this caller.
func (db *conn) DeleteTransactionBatch(ctx context.Context, accountID int64, limit int) (int64, error) {
	const q = `WITH batch AS (SELECT id FROM transactions WHERE account_id = $1 ORDER BY id LIMIT $2
			FOR UPDATE SKIP LOCKED)
		DELETE FROM transactions t USING batch WHERE t.account_id = $1 AND t.id = batch.id`
	res, err := db.exec(ctx, q, accountID, limit)
	if err != nil {
		return 0, fmt.Errorf("store: delete transactions of %d: %w", accountID, err)
	}
	return res.RowsAffected()
}

// DeleteTransactions deletes the transactions of the accounts batch by
// batch while more reports true, and reports whether none is left.
func (db *conn) DeleteTransactions(ctx context.Context, accounts []int64, more func() bool) (bool, error) {
	for _, a := range accounts {
		for {
			if !more() {
				return false, nil
			}
			n, err := db.DeleteTransactionBatch(ctx, a, TransactionBatch)
			if err != nil {
				return false, err
			}
			if n < TransactionBatch {
				break
			}
		}
	}
	return true, nil
}

// DeleteConnection removes one of the client's connections (RemoveConnection)
// and then its transactions batch by batch; the job it queued finds
// nothing left to do.
func (db *conn) DeleteConnection(ctx context.Context, clientID string, id int64) error {
	d, err := db.RemoveConnection(ctx, clientID, id, time.Now())
	if err != nil {
		return err
	}
	done, err := db.DeleteTransactions(ctx, d.Accounts, func() bool { return ctx.Err() == nil })
	if err == nil && !done {
		err = ctx.Err()
	}
	return err
}

// RemainingTransactions counts the transactions still stored for the accounts.
func (db *conn) RemainingTransactions(ctx context.Context, accounts []int64) (int64, error) {
	var n int64
	if err := db.get(ctx, &n, `SELECT count(*) FROM transactions WHERE account_id = ANY($1)`, pq.Array(accounts)); err != nil {
		return 0, fmt.Errorf("store: remaining transactions: %w", err)
	}
	return n, nil
}
