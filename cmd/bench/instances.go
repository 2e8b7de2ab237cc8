package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
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
	requests float64       // the read route's answers over its slices
	readCPU  time.Duration // servers' and database's CPU over those slices
	fetchCPU time.Duration // the same over the refresh rounds
}

// measureInstances starts two servers on the database, measures the read
// route against one and against both in alternating slices, then runs the
// daily refresh with both (after an untimed round that warms the second)
// and with one alone, in turn, and prints the table.
func measureInstances(w io.Writer, binary, dsn string, db *sqlx.DB, conns int, dur time.Duration) error {
	ctx := context.Background()
	if _, _, err := (&oauth.Registry{Store: store.New(db)}).CreateClient(ctx, oauth.ClientSpec{ClientID: instancesClient, Name: "bench instances",
		Secret: benchClientSecret, Grants: []string{oauth.GrantClientCredentials}}); err != nil {
		return err
	}
	baseA, stopA, _, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer stopA()
	fmt.Fprintln(os.Stderr, "bench: instances: connecting", instancesConnections, "recurring connections …")
	if err := connectInstances(ctx, db); err != nil {
		return err
	}
	baseB, stopB, _, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer func() { stopB() }()
	clock, err := newServerClock(ctx, db)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	one, two, err := interleavedReads(client, clock, conns, dur, baseA, baseB)
	if err != nil {
		return err
	}
	for round := range instancesRounds {
		fmt.Fprintf(os.Stderr, "bench: instances: daily refresh, round %d …\n", round+1)
		// A server just started has not yet seen the mock bank's histories, which
		// it generates at first sight; a real bank's cost is its latency, not
		// that, so an untimed round warms the new server first.
		if _, _, err := sharedRefresh(ctx, db); err != nil {
			return err
		}
		if err := two.refresh(ctx, db, clock, 2); err != nil {
			return err
		}
		stopB()
		stopB = func() {}
		if err := one.refresh(ctx, db, clock, 1); err != nil {
			return err
		}
		if round+1 < instancesRounds {
			if _, stopB, _, err = startServer(binary, dsn); err != nil {
				return err
			}
		}
	}
	printInstances(w, conns, one, two)
	return nil
}

// refresh adds a daily refresh by the instances running now to f.
func (f *instanceFigures) refresh(ctx context.Context, db *sqlx.DB, clock *serverClock, instances int) error {
	cpu := clock.used()
	n, took, err := sharedRefresh(ctx, db)
	f.fetchCPU += clock.used() - cpu
	fmt.Fprintf(os.Stderr, "bench: instances: %d fetches in %.2fs on %d instance(s)\n", n, took.Seconds(), instances)
	f.fetches += n
	f.took += took
	return err
}

// printInstances prints one row per figure: one instance, two, and their
// ratio; the CPU rows (the servers' and PostgreSQL's CPU time, read from
// /proc) hold on a busy machine, where the rates and times do not.
func printInstances(w io.Writer, conns int, one, two *instanceFigures) {
	fmt.Fprintf(w, "\n%-58s %20s %20s %7s\n", "instances: two servers on one database", "1 instance", "2 instances", "ratio")
	row := func(name, a, b string, ratio float64) {
		fmt.Fprintf(w, "%-58s %20s %20s %6.2fx\n", name, a, b, ratio)
	}
	cores := runtime.NumCPU()
	readOne, readOneRate := perUnit(one.readCPU, one.requests, cores)
	readTwo, readTwoRate := perUnit(two.readCPU, two.requests, cores)
	row(fmt.Sprintf("instances: GET /showcases/{name}, %d conns in all, req/s", conns), rateText(one.rps), rateText(two.rps), two.rps/one.rps)
	fmt.Fprintf(w, "%-58s %20s %20s\n", "instances: GET /showcases/{name}, p50 / p99",
		ms(one.p50)+" / "+ms(one.p99), ms(two.p50)+" / "+ms(two.p99))
	fmt.Fprintf(w, "%-58s %20d %20d\n", "instances: GET /showcases/{name}, errors", one.errors, two.errors)
	row("instances: GET /showcases/{name}, CPU per request", microseconds(readOne), microseconds(readTwo), float64(readTwo)/float64(readOne))
	row(fmt.Sprintf("instances: GET /showcases/{name}, req/s %d idle cores allow", cores), rateText(readOneRate), rateText(readTwoRate),
		readTwoRate/readOneRate)
	rate := func(f *instanceFigures) float64 { return float64(f.fetches) / f.took.Seconds() }
	fetchOne, fetchOneRate := perUnit(one.fetchCPU, float64(one.fetches), cores)
	fetchTwo, fetchTwoRate := perUnit(two.fetchCPU, float64(two.fetches), cores)
	row(fmt.Sprintf("instances: daily refresh, %d connections, fetches/s", instancesConnections), rateText(rate(one)), rateText(rate(two)),
		rate(two)/rate(one))
	fmt.Fprintf(w, "%-58s %19.2fs %19.2fs\n", "instances: daily refresh, wall time per round",
		one.took.Seconds()/instancesRounds, two.took.Seconds()/instancesRounds)
	row("instances: daily refresh, CPU per fetch", microseconds(fetchOne), microseconds(fetchTwo), float64(fetchTwo)/float64(fetchOne))
	row(fmt.Sprintf("instances: daily refresh, fetches/s %d idle cores allow", cores), rateText(fetchOneRate), rateText(fetchTwoRate),
		fetchTwoRate/fetchOneRate)
}

// microseconds prints a duration in microseconds.
func microseconds(d time.Duration) string {
	return fmt.Sprintf("%.0fµs", float64(d.Nanoseconds())/1000)
}

// rateText prints a rate without decimals.
func rateText(v float64) string { return fmt.Sprintf("%.0f", v) }
