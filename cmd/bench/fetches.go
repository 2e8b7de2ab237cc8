package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/oauth"
	"openbank/store"
)

// The fetch rows (-only fetches): a server of their own, with the default
// job settings and FETCH_LATENCY=2s, on a database of their own.
const (
	fetchDatabase     = "fetchbench"
	fetchClientID     = "bench-fetch"
	fetchClientSecret = "bench-fetch-secret" //nolint:gosec // G101: the client of a database the bench throws away
	fetchBurst        = 400                  // connections created at once through the API
	fetchFleet        = 1_000                // recurring connections refetched for the sustained row
	fetchRounds       = 3                    // refetches of each of them, queued at once
	fetchTimeout      = 3 * time.Minute
)

// Targets of the fetch rows.
const (
	burstTarget     = 12 * time.Second // every first fetch of the burst finished
	sustainedTarget = 200.0            // fetches/s of connections with nothing new
)

// measureFetches prints how long the first fetches of fetchBurst
// connections created at once take, and the fetches/s the server sustains
// refetching fetchFleet connections with nothing new, both with a bank
// latency of 2 s.
func measureFetches(w io.Writer, binary, dsn string) error {
	fdsn, err := prepareFetchDatabase(dsn, fetchDatabase)
	if err != nil {
		return err
	}
	cmd, base, err := startFetchServer(binary, fdsn)
	if err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	db, err := openPool(fdsn, 4)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	api, err := newFetchAPI(base)
	if err != nil {
		return err
	}
	meter, err := newCPUMeter(context.Background(), cmd.Process.Pid, db)
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "bench: first fetches of", fetchBurst, "connections created at once …")
	var burst burstResult
	cpu, err := meter.measure(func() (err error) { burst, err = api.burst(db); return err })
	if err != nil {
		return err
	}
	burst.cpu = cpu
	if burst.peakRSS, err = peakRSS(cmd.Process.Pid); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "bench: sustained refetches of", fetchFleet, "connections …")
	if err := api.grow(db); err != nil {
		return err
	}
	var sustained sustainedResult
	cpu, err = meter.measure(func() (err error) { sustained, err = api.sustained(db); return err })
	if err != nil {
		return err
	}
	sustained.cpu = cpu
	printFetches(w, burst, sustained)
	return nil
}

// benchReturnOrigin is where the fetch rows' client sends its subjects
// back after a bank's redirect SCA; the bench never follows it.
const benchReturnOrigin = "https://bench.example"

// prepareFetchDatabase creates and migrates the rows' database (name)
// beside dsn's and registers their client, which has the aggregation
// product.
func prepareFetchDatabase(dsn, name string) (string, error) {
	admin, err := openPool(dsn, 1)
	if err != nil {
		return "", err
	}
	_, err = admin.Exec(`CREATE DATABASE ` + name)
	_ = admin.Close()
	if err != nil {
		return "", err
	}
	fdsn := strings.Replace(dsn, "dbname=postgres", "dbname="+name, 1)
	db, err := openPool(fdsn, 2)
	if err != nil {
		return "", err
	}
	defer func() { _ = db.Close() }()
	ctx := context.Background()
	st := store.New(db)
	if _, err := st.Migrate(ctx); err != nil {
		return "", err
	}
	_, _, err = (&oauth.Registry{Store: st}).CreateClient(ctx, oauth.ClientSpec{ClientID: fetchClientID, Secret: fetchClientSecret,
		Name: "bench fetches", Grants: []string{oauth.GrantClientCredentials}, Products: []string{oauth.ProductAggregation},
		ReturnOrigins: []string{benchReturnOrigin}})
	return fdsn, err
}

// startFetchServer starts a server with the default job settings and the
// default bank latency (set here all the same).
func startFetchServer(binary, dsn string) (*exec.Cmd, string, error) {
	return launchServer(binary, dsn, os.Stderr, "BENCH_ROUTES=true", "FETCH_LATENCY=2s")
}

// fetchTally counts one trigger's fetches of the rows' client.
type fetchTally struct {
	Total    int            `db:"total"`
	Finished int            `db:"finished"`
	Failed   int            `db:"failed"`
	Last     store.NullTime `db:"last"` // when the latest finished
}

// tally counts the fetches of trigger of the rows' client.
func tally(ctx context.Context, db *sqlx.DB, trigger string) (fetchTally, error) {
	var t fetchTally
	err := db.GetContext(ctx, &t, `SELECT count(*) AS total,
		count(*) FILTER (WHERE f.status IN ('succeeded', 'failed')) AS finished,
		count(*) FILTER (WHERE f.status = 'failed') AS failed, max(f.finished_at) AS last
		FROM fetches f JOIN connections c ON c.id = f.connection_id WHERE c.client_id = $1 AND f.trigger = $2`,
		fetchClientID, trigger)
	return t, err
}
