package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// The daily-refresh measurement: this many recurring connections of the
// Embedded Scenario bank's "user", each with an ok consent.
const (
	refreshConnections = 1_000
	refreshConnectors  = 4 // connections created at once
	refreshTimeout     = 4 * time.Minute
	refreshTarget      = 500.0 // daily fetches/s with nothing new
)

// fetchProgress counts the fetches of one trigger of the recurring bench connections.
type fetchProgress struct {
	Total     int   `db:"total"`
	Succeeded int   `db:"succeeded"`
	Failed    int   `db:"failed"`
	Rows      int64 `db:"rows"`
}

// finished reports whether no fetch is queued or running.
func (p fetchProgress) finished() bool { return p.Succeeded+p.Failed == p.Total }

// phase is one row of the refresh table.
type phase struct {
	name   string
	took   time.Duration
	target float64  // fetches/s; 0: none
	cpu    cpuSpent // the server's and the database's, when measured
	fetchProgress
}

// measureRefresh creates the recurring connections (their first fetches
// run on the server), makes them due as if last fetched yesterday, queues
// the daily-refresh job and times it until every daily fetch is finished.
func measureRefresh(w io.Writer, db *sqlx.DB) error {
	ctx := context.Background()
	initial, err := connectAll(ctx, db)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE connections SET last_fetch_at = last_fetch_at - interval '1 day',
		last_successful_fetch_at = last_successful_fetch_at - interval '1 day'
		WHERE client_id = $1 AND access = 'recurring'`, benchClientID); err != nil {
		return err
	}
	meter, err := newCPUMeter(ctx, childServer("openbank"), db)
	if err != nil {
		return err
	}
	var daily phase
	cpu, err := meter.measure(func() (err error) { daily, err = dailyRefresh(ctx, db); return err })
	if err != nil {
		return err
	}
	daily.cpu = cpu
	printRefresh(w, []phase{initial, daily})
	return nil
}

// connectAll creates the connections in-process, as POST /connections
// would, and waits for their first fetches.
func connectAll(ctx context.Context, db *sqlx.DB) (phase, error) {
	svc := &aggregation.Service{Store: store.New(db), Clients: noClients{}, Clock: time.Now,
		Banks: banks.NewRegistry(banks.MockBanks(banks.Options{Now: time.Now})...)}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, refreshConnectors)
	for c := range refreshConnectors {
		wg.Go(func() {
			for i := c; i < refreshConnections; i += refreshConnectors {
				if err := connectOne(ctx, svc, i); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return phase{}, err
	}
	p, err := waitFetches(ctx, db, "connect")
	return phase{name: "connect + first fetch (24-month history)", took: time.Since(start), fetchProgress: p}, err
}

// connectOne creates the i-th recurring connection with an ok consent.
func connectOne(ctx context.Context, svc *aggregation.Service, i int) error {
	_, err := svc.Connect(ctx, aggregation.ConnectRequest{ClientID: benchClientID, SubjectID: fmt.Sprintf("refresh-%04d", i),
		Provider: banks.EmbeddedScenario, Access: aggregation.Recurring, RequestID: uuid.NewString(),
		Credentials: &banks.Credentials{Username: "user", Password: banks.TestPassword}})
	if err != nil {
		return fmt.Errorf("connect %d: %w", i, err)
	}
	return nil
}

// dailyRefresh queues the daily-refresh job for the server's workers and
// waits until it is done and every fetch it queued is finished.
func dailyRefresh(ctx context.Context, db *sqlx.DB) (phase, error) {
	start := time.Now()
	id, err := store.New(db).Enqueue(ctx, store.NewJob{Kind: aggregation.DailyRefreshJob, Key: aggregation.DailyRefreshJob,
		Payload: map[string]string{"day": start.UTC().Format(time.DateOnly)}, MaxAttempts: jobs.DefaultMaxAttempts})
	if err != nil {
		return phase{}, err
	}
	if err := waitJob(ctx, db, id); err != nil {
		return phase{}, err
	}
	p, err := waitFetches(ctx, db, "daily")
	return phase{name: "daily refresh (job queued → all fetched)", took: time.Since(start), target: refreshTarget, fetchProgress: p}, err
}

// waitJob polls until job id is done.
func waitJob(ctx context.Context, db *sqlx.DB, id int64) error {
	for deadline := time.Now().Add(refreshTimeout); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var state string
		if err := db.GetContext(ctx, &state, `SELECT state FROM jobs WHERE id = $1`, id); err != nil {
			return err
		}
		switch state {
		case "done":
			return nil
		case "failed":
			return fmt.Errorf("job %d failed", id)
		}
	}
	return fmt.Errorf("job %d not done after %s", id, refreshTimeout)
}

// waitFetches polls until every fetch of the trigger is finished.
func waitFetches(ctx context.Context, db *sqlx.DB, trigger string) (fetchProgress, error) {
	const q = `SELECT count(*) AS total, count(*) FILTER (WHERE f.status = 'succeeded') AS succeeded,
		count(*) FILTER (WHERE f.status = 'failed') AS failed, COALESCE(sum(f.transactions_added), 0) AS rows
	FROM fetches f JOIN connections c ON c.id = f.connection_id
	WHERE c.client_id = $1 AND c.access = 'recurring' AND f.trigger = $2`
	var p fetchProgress
	// every 100 ms: the count is a query of its own, and its CPU is counted with the fetches'
	for deadline := time.Now().Add(refreshTimeout); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if err := db.GetContext(ctx, &p, q, benchClientID, trigger); err != nil {
			return p, err
		}
		if p.finished() {
			return p, nil
		}
	}
	return p, fmt.Errorf("%s fetches: %d of %d finished after %s", trigger, p.Succeeded+p.Failed, p.Total, refreshTimeout)
}

func printRefresh(w io.Writer, phases []phase) {
	fmt.Fprintf(w, "\n%-44s %10s %10s %9s %9s %7s %11s %8s %4s %22s %8s\n", fmt.Sprintf("recurring connections (%d, latency 0)", refreshConnections),
		"wall time", "fetches/s", "fetches", "succeeded", "failed", "rows added", "target", "met", "CPU/fetch (server+db)", "2 cores")
	for _, p := range phases {
		rate := float64(p.Succeeded+p.Failed) / p.took.Seconds()
		target, met, perFetch, cores := "", "", "", ""
		if p.target > 0 {
			target, met = fmt.Sprintf("≥ %.0f/s", p.target), metMark(rate >= p.target)
		}
		if ms := p.cpu.perFetch(p.Total); ms > 0 {
			perFetch, cores = fmt.Sprintf("%.2fms (%s)", ms, p.cpu.split(p.Total)), fmt.Sprintf("%.0f/s", capacity(ms))
		}
		fmt.Fprintf(w, "%-44s %9.2fs %10.0f %9d %9d %7d %11d %8s %4s %22s %8s\n", p.name, p.took.Seconds(),
			rate, p.Total, p.Succeeded, p.Failed, p.Rows, target, met, perFetch, cores)
	}
}

// noClients answers that no client has callbacks set up; the bench's
// embedded-SCA connections need no other client settings.
type noClients struct{}

// Settings returns empty settings.
func (noClients) Settings(context.Context, string) (aggregation.ClientSettings, error) {
	return aggregation.ClientSettings{}, nil
}
