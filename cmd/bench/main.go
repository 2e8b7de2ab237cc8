// Command bench measures a running Openbank against reference routes served
// by the same process on the same database, and prints one table. `make
// bench` runs it; ratios to the references survive a noisy machine.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/pgdev"
)

func main() {
	binary := flag.String("binary", "bin/openbank", "server binary to measure")
	conns := flag.Int("c", 64, "concurrent connections")
	dur := flag.Duration("d", 5*time.Second, "duration of each operation")
	flag.StringVar(&only, "only", "", "comma-separated parts to measure: ingest, instances, http, refresh, fetches, xs2a, storm, scale (default all)")
	flag.IntVar(&scaleRows, "scale-rows", scaleRows, "transactions the scale part seeds")
	flag.IntVar(&xs2aBurstSize, "xs2a-burst", xs2aBurstSize, "connections the xs2a part creates at once (fewer on a busy machine)")
	flag.StringVar(&xs2aProfile, "xs2a-profile", "", "write the server's CPU profile over the xs2a part's sandbox run to this file")
	flag.StringVar(&opName, "op", "", "measure only the HTTP operations whose name contains this text, besides the reference rows")
	flag.Parse()
	if err := run(*binary, *conns, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// only lists the parts to measure; empty measures all.
var only string

// opName picks the HTTP operations to measure by a part of their name;
// empty measures all.
var opName string

// picked is ops without those opName leaves out; the reference rows
// always stay, so that ratios survive.
func picked(ops []operation) []operation {
	if opName == "" {
		return ops
	}
	return slices.DeleteFunc(ops, func(op operation) bool {
		return !strings.HasPrefix(op.name, "reference:") && !strings.Contains(op.name, opName)
	})
}

// measures reports whether part is to be measured.
func measures(part string) bool {
	return only == "" || slices.Contains(strings.Split(only, ","), part)
}

func run(binary string, conns int, dur time.Duration) error {
	dir, err := os.MkdirTemp("", "openbank-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(os.Stderr, "bench: starting a fresh PostgreSQL under", dir)
	cluster, err := pgdev.Start(context.Background(), dir, pgdev.Options{Database: "postgres"})
	if err != nil {
		return err
	}
	defer func() { _ = cluster.Stop() }()
	dsn := cluster.URL("postgres")
	if err := prepare(dsn); err != nil {
		return err
	}
	if err := withDB(dsn, func(db *sqlx.DB) error { return measureAll(binary, dsn, db, conns, dur) }); err != nil {
		return err
	}
	if !measures("scale") {
		return nil
	}
	return measureScale(os.Stdout, binary, dsn, conns, dur)
}

// measureAll measures the ingest, then the HTTP operations and the daily
// refresh against a running server, and prints the tables.
func measureAll(binary, dsn string, db *sqlx.DB, conns int, dur time.Duration) error {
	var ingest, refresh bytes.Buffer
	if err := settle(db); err != nil { // the seeded showcases' vacuum and checkpoint, now
		return err
	}
	if measures("ingest") {
		fmt.Fprintln(os.Stderr, "bench: ingest …")
		if err := measureIngest(&ingest, db); err != nil {
			return err
		}
		if err := measureInsight(&ingest); err != nil {
			return err
		}
	}
	if measures("instances") { // servers of its own, stopped before the main one starts
		if err := measureInstances(os.Stdout, binary, dsn, db, conns, dur); err != nil {
			return err
		}
	}
	if measures("fetches") { // a server and a database of its own, stopped before the main server starts
		if err := measureFetches(os.Stdout, binary, dsn); err != nil {
			return err
		}
	}
	if measures("xs2a") { // a server and a database of its own per burst, and the sandbox's process
		if err := measureXS2A(os.Stdout, binary, dsn); err != nil {
			return err
		}
	}
	if !measures("http") && !measures("refresh") && !measures("storm") {
		_, err := os.Stdout.Write(ingest.Bytes())
		return err
	}
	if err := settle(db); err != nil {
		return err
	}
	base, stop, pid, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer stop()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	token, err := accessToken(client, base)
	if err != nil {
		return err
	}
	b := &bench{base: base, token: token, db: db, dur: dur}
	if err := b.openWidget(); err != nil {
		return err
	}
	var results []result
	if measures("http") {
		if results, err = measureOperations(client, picked(b.operations()), conns, dur, processClock(pid)); err != nil {
			return err
		}
	}
	if measures("refresh") {
		fmt.Fprintln(os.Stderr, "bench: daily refresh …")
		if err := measureRefresh(&refresh, db); err != nil {
			return err
		}
	}
	var storm bytes.Buffer
	if measures("storm") {
		fmt.Fprintln(os.Stderr, "bench: password storm …")
		if err := measureHashStorm(&storm, binary, dsn); err != nil {
			return err
		}
	}
	if len(results) > 0 {
		printTable(os.Stdout, results)
	}
	os.Stdout.Write(ingest.Bytes())
	os.Stdout.Write(refresh.Bytes())
	os.Stdout.Write(storm.Bytes())
	return nil
}

// measureOperations runs each operation's setup, a one-second warm-up and
// the measurement, in order; serverCPU reads the server's CPU time, which
// the pairs measured in alternating slices share out between their rows.
func measureOperations(client *http.Client, ops []operation, conns int, dur time.Duration, serverCPU func() time.Duration) ([]result, error) {
	var results []result
	for _, op := range ops {
		if op.setup != nil {
			fmt.Fprintf(os.Stderr, "bench: preparing %s …\n", op.name)
			if err := op.setup(); err != nil {
				return nil, fmt.Errorf("%s: %w", op.name, err)
			}
		}
		c := conns
		if op.conns > 0 {
			c = op.conns
		}
		fmt.Fprintf(os.Stderr, "bench: %s …\n", op.name)
		if op.partner != nil { // both rows, measured in alternating slices
			measureInterleaved(client, [2]operation{*op.partner, op}, c, time.Second, nil) // warm-up
			pair := measureInterleaved(client, [2]operation{*op.partner, op}, c, dur, serverCPU)
			results = append(results, pair[:]...)
			continue
		}
		measure(client, op, c, time.Second) // warm-up
		results = append(results, measure(client, op, c, dur))
	}
	return results, nil
}

// withDB runs fn on a pool of the database: the bench fills and watches
// its tables with its own SQL, and reaches the store through store.New.
func withDB(dsn string, fn func(*sqlx.DB) error) error {
	db, err := openPool(dsn, 4)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	return fn(db)
}

// openPool connects to dsn with at most maxOpen connections.
func openPool(dsn string, maxOpen int) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(maxOpen)
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// settle vacuums and analyses what bulk loads left and writes their dirty
// pages out now, so that neither autovacuum nor a checkpoint competes with
// a later measurement.
func settle(db *sqlx.DB) error {
	if _, err := db.Exec(`VACUUM ANALYZE`); err != nil {
		return err
	}
	_, err := db.Exec(`CHECKPOINT`)
	return err
}

// The bench's OAuth client, created by prepare, and the subject of its tokens.
const (
	benchClientID     = "bench-client"
	benchClientSecret = "bench-client-secret"
	benchSubject      = "client:" + benchClientID
)

// benchSecretsKey is the SECRETS_KEY of the bench's server (a fixed key: the
// bench's database is thrown away).
const benchSecretsKey = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=" //nolint:gosec // G101: a fixed key for a database the bench throws away

// prepare migrates the database, fills the reference table, registers the
// bench's OAuth client and seeds the showcases its token owns.
func prepare(dsn string) error {
	ctx := context.Background()
	db, err := openPool(dsn, 2)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	st := store.New(db)
	if _, err := st.Migrate(ctx); err != nil {
		return err
	}
	_, err = db.Exec(`CREATE TABLE bench_ref (id bigserial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
		INSERT INTO bench_ref (name) SELECT 'row ' || g FROM generate_series(1, 10000) g`)
	if err != nil {
		return err
	}
	_, _, err = (&oauth.Registry{Store: st}).CreateClient(ctx, oauth.ClientSpec{ClientID: benchClientID, Secret: benchClientSecret,
		Name: "bench", Grants: []string{oauth.GrantClientCredentials}, Products: []string{oauth.ProductInsight, oauth.ProductUpload}})
	if err != nil {
		return err
	}
	return st.SeedShowcases(ctx, benchSubject, showcasePrefix, showcaseCount, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
}

// tokenRequest is a client_credentials token request of the bench client.
func tokenRequest(base string) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, base+"/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(benchClientID, benchClientSecret)
	return req
}

// accessToken gets the token the authenticated operations present.
func accessToken(client *http.Client, base string) (string, error) {
	resp, err := client.Do(tokenRequest(base))
	if err != nil {
		return "", err
	}
	defer func() { _ = resp.Body.Close() }()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.AccessToken == "" {
		return "", fmt.Errorf("token endpoint answered %d: %v", resp.StatusCode, err)
	}
	return body.AccessToken, nil
}

// startServer starts the server of the http part and returns its address,
// how to stop it and its pid.
func startServer(binary, dsn string) (string, func(), int, error) {
	cmd, base, err := launchServer(binary, dsn, os.Stderr, "BENCH_ROUTES=true", "DB_MAX_CONNS=40",
		"GATEWAY_MAX_REMINDERS_PER_SHOWCASE=1000000", "FETCH_LATENCY=0s", "JOB_WORKERS=4", "REFRESH_WINDOW=0s")
	if err != nil {
		return "", nil, 0, err
	}
	stop := func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() } // it exits non-zero on the signal
	return base, stop, cmd.Process.Pid, nil
}

// bench is what the operations need of the running server and database.
type bench struct {
	base, token  string
	db           *sqlx.DB
	txAccounts   []int64    // accounts of the transactions rows
	txTargets    []txTarget // what the transactions rows query
	widgetLink   string     // path of the bench widget, with its token
	widgetCookie string     // the session its opening started

	dur time.Duration // of each measurement (-d)
}

// operations are the rows of the table, in the order they are measured.
func (b *bench) operations() []operation {
	return slices.Concat(b.referenceOperations(), b.gatewayOperations(), b.fapiOperations(), b.transactionOperations(), b.consoleOperations(), b.widgetOperations(),
		b.analyticsOperations(), b.enrichOperations(), b.uploadOperations())
}

// get is a GET of path with {i} replaced by a row id of the reference table.
func (b *bench) get(path string) func(int, int) *http.Request {
	return func(w, i int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, b.base+strings.ReplaceAll(path, "{i}", fmt.Sprint(1+(w*7919+i)%10000)), nil)
		return req
	}
}

// authed adds the bench client's bearer token to a request.
func (b *bench) authed(req *http.Request) *http.Request {
	req.Header.Set("Authorization", "Bearer "+b.token)
	return req
}

// referenceOperations are the reference routes and the operations
// compared with them directly.
func (b *bench) referenceOperations() []operation {
	post := func(path string) func(int, int) *http.Request {
		return func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, b.base+path, nil)
			return req
		}
	}
	return []operation{
		{name: refBare, request: b.get("/bench/ref/noop"), status: 200},
		{name: refSelect, request: b.get("/bench/ref/select/{i}"), status: 200},
		{name: refInsert, request: post("/bench/ref/insert"), status: 201},
		b.healthzOperation(),
		{name: "POST /oauth2/token client_credentials", reference: refInsert,
			request: func(int, int) *http.Request { return tokenRequest(b.base) }, status: 200,
			goal: goal{minRatio: 1.0, maxP99Ratio: 1.5, minRPS: 5000, maxP99: 30 * time.Millisecond}},
		b.bearerOperation(),
	}
}

// healthzOperation is GET /healthz, a route that does nothing behind the
// whole middleware chain, measured in alternating slices with a route of an
// engine without middleware (its partner): their ratio is what the chain
// costs.
func (b *bench) healthzOperation() operation {
	return operation{name: "GET /healthz", reference: refNoMiddleware, request: b.get("/healthz"), status: 200,
		goal:    goal{minRatio: 0.9},
		partner: &operation{name: refNoMiddleware, request: b.get("/bench/ref/bare"), status: 200}}
}

// Names of the reference rows.
const (
	refBare   = "reference: bare gin route"
	refSelect = "reference: one-row SELECT"
	refInsert = "reference: one-row INSERT"
	// refNoMiddleware is a bare route of an engine without middleware,
	// measured in alternating slices with GET /healthz.
	refNoMiddleware = "reference: gin route, no middleware"
)
