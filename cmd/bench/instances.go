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

// The instances part (-only instances): one server, then two servers on
// the same database, each serving the same read route at the same total
// connections and sharing the daily refresh of instancesConnections
// recurring connections of their own client.
const (
	instancesClient      = "bench-instances"
	instancesConnections = 400
)

// instanceFigures are what one instance count measured.
type instanceFigures struct {
	read    result
	fetches int
	took    time.Duration
}

// measureInstances starts a server, measures it, starts a second one on
// the same database and measures both together, then prints the table.
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
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	fmt.Fprintln(os.Stderr, "bench: instances: connecting", instancesConnections, "recurring connections …")
	if err := connectInstances(ctx, db); err != nil {
		return err
	}
	one, err := measureInstanceCount(ctx, client, db, conns, dur, baseA)
	if err != nil {
		return err
	}
	baseB, stopB, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer stopB()
	two, err := measureInstanceCount(ctx, client, db, conns, dur, baseA, baseB)
	if err != nil {
		return err
	}
	printInstances(w, conns, one, two)
	return nil
}

// measureInstanceCount measures the read route spread over bases, worker
// by worker, each with a token of its instance, then a daily refresh run
// by the instances' job workers.
func measureInstanceCount(ctx context.Context, client *http.Client, db *sqlx.DB, conns int, dur time.Duration,
	bases ...string) (instanceFigures, error) {
	benches := make([]*bench, len(bases))
	for i, base := range bases {
		token, err := accessToken(client, base) // each instance is its own issuer (PUBLIC_URL)
		if err != nil {
			return instanceFigures{}, err
		}
		benches[i] = &bench{base: base, token: token}
	}
	op := operation{name: fmt.Sprintf("GET /showcases/{name}, %d instance(s)", len(bases)), status: 200,
		request: func(w, i int) *http.Request { return benches[w%len(benches)].getShowcase(w, i) }}
	for i, b := range benches {
		if err := answers(client, b.getShowcase(i, 0)); err != nil {
			return instanceFigures{}, err
		}
	}
	fmt.Fprintf(os.Stderr, "bench: instances: %s …\n", op.name)
	measure(client, op, conns, time.Second) // warm-up
	f := instanceFigures{read: measure(client, op, conns, dur)}
	fmt.Fprintf(os.Stderr, "bench: instances: daily refresh on %d instance(s) …\n", len(bases))
	var err error
	f.fetches, f.took, err = sharedRefresh(ctx, db)
	return f, err
}

// answers checks that req is answered 200 before it is measured.
func answers(client *http.Client, req *http.Request) error {
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return fmt.Errorf("instances: %s %s answered %d: %s", req.Method, req.URL, resp.StatusCode, body)
	}
	return nil
}

// printInstances prints one row per figure: one instance, two, and their ratio.
func printInstances(w io.Writer, conns int, one, two instanceFigures) {
	fmt.Fprintf(w, "\n%-58s %20s %20s %7s\n", "instances: two servers on one database", "1 instance", "2 instances", "ratio")
	fmt.Fprintf(w, "%-58s %20.0f %20.0f %6.2fx\n", fmt.Sprintf("instances: GET /showcases/{name}, %d conns in all, req/s", conns),
		one.read.rps, two.read.rps, two.read.rps/one.read.rps)
	fmt.Fprintf(w, "%-58s %20s %20s %7s\n", "instances: GET /showcases/{name}, p50 / p99",
		ms(one.read.p50)+" / "+ms(one.read.p99), ms(two.read.p50)+" / "+ms(two.read.p99), "")
	fmt.Fprintf(w, "%-58s %20d %20d %7s\n", "instances: GET /showcases/{name}, errors", one.read.errors, two.read.errors, "")
	rate := func(f instanceFigures) float64 { return float64(f.fetches) / f.took.Seconds() }
	fmt.Fprintf(w, "%-58s %20.0f %20.0f %6.2fx\n", fmt.Sprintf("instances: daily refresh, %d connections, fetches/s", instancesConnections),
		rate(one), rate(two), rate(two)/rate(one))
	fmt.Fprintf(w, "%-58s %19.2fs %19.2fs %7s\n", "instances: daily refresh, wall time", one.took.Seconds(), two.took.Seconds(), "")
}
