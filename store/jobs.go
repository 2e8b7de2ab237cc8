package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// JobsChannel is the NOTIFY channel that wakes workers when a job is queued.
const JobsChannel = "openbank_jobs"

// Job is one durable unit of background work.
type Job struct {
	ID          int64           `db:"id"`
	Kind        string          `db:"kind"`
	Key         string          `db:"key"`
	Payload     json.RawMessage `db:"payload"`
	State       string          `db:"state"`
	RunAt       time.Time       `db:"run_at"`
	Attempts    int             `db:"attempts"`
	MaxAttempts int             `db:"max_attempts"`
	LastError   sql.NullString  `db:"last_error"`
	CreatedAt   time.Time       `db:"created_at"`
}

// NewJob describes a job to queue.
type NewJob struct {
	Kind        string
	Key         string // jobs with the same kind and key never run at once
	Payload     any    // marshalled to JSON
	RunAt       time.Time
	MaxAttempts int // at least 1
}

// Enqueue queues a job and wakes the workers (inside a transaction, when it
// commits).
func (db *conn) Enqueue(ctx context.Context, j NewJob) (int64, error) {
	payload, err := json.Marshal(j.Payload)
	if err != nil {
		return 0, fmt.Errorf("store: enqueue %s: %w", j.Kind, err)
	}
	if j.MaxAttempts < 1 {
		return 0, fmt.Errorf("store: enqueue %s: max attempts %d must be at least 1", j.Kind, j.MaxAttempts)
	}
	var runAt any
	if !j.RunAt.IsZero() {
		runAt = j.RunAt
	}
	var id int64
	const insert = `INSERT INTO jobs (kind, key, payload, run_at, max_attempts)
		VALUES ($1, $2, $3, COALESCE($4, now()), $5) RETURNING id`
	if err := db.get(ctx, &id, insert, j.Kind, j.Key, payload, runAt, j.MaxAttempts); err != nil {
		return 0, fmt.Errorf("store: enqueue %s: %w", j.Kind, err)
	}
	if _, err := db.exec(ctx, `SELECT pg_notify($1, $2)`, JobsChannel, j.Kind); err != nil {
		return 0, fmt.Errorf("store: enqueue %s: notify: %w", j.Kind, err)
	}
	return id, nil
}

// ClaimJob takes the next ready job of the given kinds for worker, holding it
// for lease: a queued job whose time has come, or a running one whose
// worker let its lease lapse. It returns nil when there is none.
func (db *conn) ClaimJob(ctx context.Context, kinds []string, worker string, lease time.Duration) (*Job, error) {
	list, err := db.ClaimJobs(ctx, kinds, worker, lease, 1)
	if errors.Is(err, ErrConflict) {
		return nil, nil // another worker won the same key
	}
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// claimJobsSQL takes up to $4 ready jobs, at most one per kind and key and
// none of a key that is running; SKIP LOCKED lets instances claim at once.
const claimJobsSQL = `WITH ready AS (
		SELECT j.id, j.kind, j.key, j.run_at FROM jobs j
		WHERE j.kind = ANY($1)
		  AND ((j.state = 'queued' AND j.run_at <= now()) OR (j.state = 'running' AND j.locked_until < now()))
		  AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.kind = j.kind AND r.key = j.key
		                  AND r.state = 'running' AND r.id <> j.id)
		ORDER BY j.run_at, j.id
		LIMIT $4
		FOR UPDATE SKIP LOCKED),
	next AS (SELECT DISTINCT ON (kind, key) id FROM ready ORDER BY kind, key, run_at, id)
	UPDATE jobs SET state = 'running', attempts = jobs.attempts + 1, locked_by = $2,
		locked_until = now() + make_interval(secs => $3)
	FROM next WHERE jobs.id = next.id
	RETURNING jobs.id, jobs.kind, jobs.key, jobs.payload, jobs.state, jobs.run_at, jobs.attempts,
		jobs.max_attempts, jobs.last_error, jobs.created_at`

// ClaimJobs takes up to n ready jobs of the given kinds in one statement, as
// ClaimJob takes one, oldest first. It returns ErrConflict, having taken
// none, when another worker won a key of the batch at the same moment; the
// next call sees that key running and tries again without it.
func (db *conn) ClaimJobs(ctx context.Context, kinds []string, worker string, lease time.Duration, n int) ([]Job, error) {
	list := make([]Job, 0, n)
	err := db.selectAll(ctx, &list, claimJobsSQL, pq.Array(kinds), worker, lease.Seconds(), n)
	if err != nil {
		return nil, fmt.Errorf("store: claim jobs: %w", mapError(err))
	}
	return list, nil
}

// FinishJob marks a job done.
func (db *conn) FinishJob(ctx context.Context, id int64, worker string) error {
	_, err := db.exec(ctx, `UPDATE jobs SET state = 'done', finished_at = now(), locked_by = NULL,
		locked_until = NULL WHERE id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return fmt.Errorf("store: finish job %d: %w", id, err)
	}
	return nil
}

// lockJobsInOrder locks worker's jobs among the ids $1 in id order. A
// pool renews the leases of its jobs while another of its connections
// finishes some of them; an UPDATE … WHERE id = ANY locks rows in the order
// of its plan, which differs between the two, and they deadlocked.
const lockJobsInOrder = `SELECT id FROM jobs WHERE id = ANY($1) AND locked_by = $2 ORDER BY id FOR UPDATE`

// ExtendJobs renews the leases of worker's running jobs in one statement
// and returns the ids it still holds; a missing id was taken over.
func (db *conn) ExtendJobs(ctx context.Context, ids []int64, worker string, lease time.Duration) ([]int64, error) {
	held := make([]int64, 0, len(ids))
	err := db.selectAll(ctx, &held, `WITH mine AS (`+lockJobsInOrder+`)
		UPDATE jobs j SET locked_until = now() + make_interval(secs => $3) FROM mine
		WHERE j.id = mine.id AND j.state = 'running' RETURNING j.id`, pq.Array(ids), worker, lease.Seconds())
	if err != nil {
		return nil, fmt.Errorf("store: extend %d jobs: %w", len(ids), err)
	}
	return held, nil
}

// FinishJobs marks several of worker's jobs done in one statement.
func (db *conn) FinishJobs(ctx context.Context, ids []int64, worker string) error {
	_, err := db.exec(ctx, `WITH mine AS (`+lockJobsInOrder+`)
		UPDATE jobs j SET state = 'done', finished_at = now(), locked_by = NULL, locked_until = NULL
		FROM mine WHERE j.id = mine.id`, pq.Array(ids), worker)
	if err != nil {
		return fmt.Errorf("store: finish %d jobs: %w", len(ids), err)
	}
	return nil
}

// RetryJob puts a job back in the queue to run at runAt, or marks it failed
// when it has no attempts left or permanent is set.
func (db *conn) RetryJob(ctx context.Context, id int64, worker string, runAt time.Time, reason string, permanent bool) error {
	_, err := db.exec(ctx, `UPDATE jobs SET
		state = CASE WHEN $5 OR attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
		finished_at = CASE WHEN $5 OR attempts >= max_attempts THEN now() END,
		run_at = $3, last_error = $4, locked_by = NULL, locked_until = NULL
		WHERE id = $1 AND locked_by = $2`, id, worker, runAt, reason, permanent)
	if err != nil {
		return fmt.Errorf("store: retry job %d: %w", id, err)
	}
	return nil
}

// SnoozeJob puts worker's running job back in the queue to run at runAt,
// its attempt not counted: the job asked to wait, it did not fail.
func (db *conn) SnoozeJob(ctx context.Context, id int64, worker string, runAt time.Time) error {
	_, err := db.exec(ctx, `UPDATE jobs SET state = 'queued', run_at = $3, attempts = greatest(attempts - 1, 0),
		locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND state = 'running'`, id, worker, runAt)
	if err != nil {
		return fmt.Errorf("store: snooze job %d: %w", id, err)
	}
	return nil
}

// ReleaseJob hands a job back untouched (the worker is shutting down).
func (db *conn) ReleaseJob(ctx context.Context, id int64, worker string) error {
	_, err := db.exec(ctx, `UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0),
		locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND state = 'running'`, id, worker)
	if err != nil {
		return fmt.Errorf("store: release job %d: %w", id, err)
	}
	return nil
}

// PurgeFinishedJobs deletes jobs that ended before cutoff.
func (db *conn) PurgeFinishedJobs(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("store: purge jobs: %w", err)
	}
	return res.RowsAffected()
}

// Job returns one job.
func (db *conn) Job(ctx context.Context, id int64) (*Job, error) {
	var j Job
	err := db.get(ctx, &j, `SELECT id, kind, key, payload, state, run_at, attempts, max_attempts,
		last_error, created_at FROM jobs WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: job %d: %w", id, err)
	}
	return &j, nil
}
