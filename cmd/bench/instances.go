package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/oauth"
	"openbank/store"
)

// The instances part (-only instances): one server against two servers on
// the same database, serving the same read route at the same total
// connections and sharing the daily refresh of instancesConnections
// recurring connections of their own client.
const (
	instancesClient      = "bench-instances"
	instancesConnections = 400
)

// instancesRounds is how many daily refreshes each instance count runs;
// the rounds alternate, so that a change of the machine's load meanwhile
// falls on both.
const instancesRounds = 2

// instanceFigures are what one instance count measured: the read route
// over its one-second slices (mean rate, median quantiles) and the daily
// refresh over its rounds.
type instanceFigures struct {
	rps      float64
	p50, p99 time.Duration
	errors   int64
	fetches  int
	took     time.Duration
}

// measureInstances starts two servers on the database, measures the read
// route against one and against both in alternating slices, then runs the
// daily refresh with both and with one alone, in turn, and prints the table.
func measureInstances(w io.Writer, binary, dsn string, db *sqlx.DB, conns int, dur time.Duration) error {
	ctx := context.Background()
	if _, _, err := oauth.CreateClient(ctx, store.New(db), oauth.ClientSpec{ClientID: instancesClient, Name: "bench instances",
		Secret: benchClientSecret, Grants: []string{oauth.GrantClientCredentials}}); err != nil {
		return err
	}
	baseA, stopA, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer stopA()
	fmt.Fprintln(os.Stderr, "bench: instances: connecting", instancesConnections, "recurring connections …")
	if err := connectInstances(ctx, db); err != nil {
		return err
	}
	baseB, stopB, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer func() { stopB() }()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	one, two, err := interleavedReads(client, conns, dur, baseA, baseB)
	if err != nil {
		return err
	}
	for round := range instancesRounds {
		fmt.Fprintf(os.Stderr, "bench: instances: daily refresh, round %d …\n", round+1)
		if err := two.refresh(ctx, db, 2); err != nil {
			return err
		}
		stopB()
		stopB = func() {}
		if err := one.refresh(ctx, db, 1); err != nil {
			return err
		}
		if round+1 < instancesRounds {
			if _, stopB, err = startServer(binary, dsn); err != nil {
				return err
			}
		}
	}
	printInstances(w, conns, one, two)
	return nil
}

// refresh adds a daily refresh by the instances running now to f.
func (f *instanceFigures) refresh(ctx context.Context, db *sqlx.DB, instances int) error {
	n, took, err := sharedRefresh(ctx, db)
	fmt.Fprintf(os.Stderr, "bench: instances: %d fetches in %.2fs on %d instance(s)\n", n, took.Seconds(), instances)
	f.fetches += n
	f.took += took
	return err
}

// printInstances prints one row per figure: one instance, two, and their ratio.
func printInstances(w io.Writer, conns int, one, two *instanceFigures) {
	fmt.Fprintf(w, "\n%-58s %20s %20s %7s\n", "instances: two servers on one database", "1 instance", "2 instances", "ratio")
	fmt.Fprintf(w, "%-58s %20.0f %20.0f %6.2fx\n", fmt.Sprintf("instances: GET /showcases/{name}, %d conns in all, req/s", conns),
		one.rps, two.rps, two.rps/one.rps)
	fmt.Fprintf(w, "%-58s %20s %20s %7s\n", "instances: GET /showcases/{name}, p50 / p99",
		ms(one.p50)+" / "+ms(one.p99), ms(two.p50)+" / "+ms(two.p99), "")
	fmt.Fprintf(w, "%-58s %20d %20d %7s\n", "instances: GET /showcases/{name}, errors", one.errors, two.errors, "")
	rate := func(f *instanceFigures) float64 { return float64(f.fetches) / f.took.Seconds() }
	fmt.Fprintf(w, "%-58s %20.0f %20.0f %6.2fx\n", fmt.Sprintf("instances: daily refresh, %d connections, fetches/s", instancesConnections),
		rate(one), rate(two), rate(two)/rate(one))
	fmt.Fprintf(w, "%-58s %19.2fs %19.2fs %7s\n", "instances: daily refresh, wall time per round",
		one.took.Seconds()/instancesRounds, two.took.Seconds()/instancesRounds, "")
}
