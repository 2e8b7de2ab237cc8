package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// connectInstances creates the recurring connections in-process and waits
// for their first fetches, run by the server's workers.
func connectInstances(ctx context.Context, db *sqlx.DB) error {
	svc := &aggregation.Service{Store: store.New(db), Clients: noClients{}, Clock: time.Now,
		Banks: banks.NewRegistry(banks.MockBanks(banks.Options{Now: time.Now})...)}
	for i := range instancesConnections {
		_, err := svc.Connect(ctx, aggregation.ConnectRequest{ClientID: instancesClient, SubjectID: fmt.Sprintf("instances-%04d", i),
			Provider: banks.EmbeddedScenario, Access: aggregation.Recurring, RequestID: uuid.NewString(),
			Credentials: &banks.Credentials{Username: "user", Password: banks.TestPassword}})
		if err != nil {
			return fmt.Errorf("instances: connect %d: %w", i, err)
		}
	}
	_, err := waitOwnFetches(ctx, db, 0)
	return err
}

// sharedRefresh makes the connections due as if last fetched yesterday,
// queues the daily-refresh job and times it until every fetch it queued
// for them is finished; it returns how many fetches that was.
func sharedRefresh(ctx context.Context, db *sqlx.DB) (int, time.Duration, error) {
	if _, err := db.ExecContext(ctx, `UPDATE connections SET last_fetch_at = last_fetch_at - interval '1 day',
		last_successful_fetch_at = last_successful_fetch_at - interval '1 day' WHERE client_id = $1`, instancesClient); err != nil {
		return 0, 0, err
	}
	var mark int64
	if err := db.GetContext(ctx, &mark, `SELECT COALESCE(max(id), 0) FROM fetches`); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	id, err := store.New(db).Enqueue(ctx, store.NewJob{Kind: aggregation.DailyRefreshJob, Key: aggregation.DailyRefreshJob,
		Payload: map[string]string{"day": start.UTC().Format(time.DateOnly)}, MaxAttempts: jobs.DefaultMaxAttempts})
	if err != nil {
		return 0, 0, err
	}
	if err := waitJob(ctx, db, id); err != nil {
		return 0, 0, err
	}
	n, err := waitOwnFetches(ctx, db, mark)
	return n, time.Since(start), err
}

// waitOwnFetches polls until the instances client's connections each have
// a finished fetch newer than mark and returns how many finished; a
// connection fetched twice is an error: the instances must share the work,
// not repeat it.
func waitOwnFetches(ctx context.Context, db *sqlx.DB, mark int64) (int, error) {
	const q = `SELECT count(*) FILTER (WHERE f.status IN ('succeeded', 'failed')), count(DISTINCT f.connection_id)
	FROM fetches f JOIN connections c ON c.id = f.connection_id WHERE c.client_id = $1 AND f.id > $2`
	var finished, connections int
	for deadline := time.Now().Add(refreshTimeout); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if err := db.QueryRowContext(ctx, q, instancesClient, mark).Scan(&finished, &connections); err != nil {
			return 0, err
		}
		if finished > connections {
			return finished, fmt.Errorf("instances: %d fetches finished for %d connections: some ran twice", finished, connections)
		}
		if finished >= instancesConnections {
			return finished, nil
		}
	}
	return finished, fmt.Errorf("instances: %d of %d fetches finished after %s", finished, instancesConnections, refreshTimeout)
}
