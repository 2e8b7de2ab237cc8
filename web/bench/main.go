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
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/oauth"
	"openbank/store"
	"openbank/web/pgdev"
)

func main() {
	binary := flag.String("binary", "bin/openbank", "server binary to measure")
	conns := flag.Int("c", 64, "concurrent connections")
	dur := flag.Duration("d", 5*time.Second, "duration of each operation")
	flag.Parse()
	if err := run(*binary, *conns, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
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
	defer cluster.Stop()
	dsn := cluster.URL("postgres")
	link, err := prepare(dsn)
	if err != nil {
		return err
	}
	var ingest bytes.Buffer
	if err := withDB(dsn, func(db *sqlx.DB) error { return measureIngest(&ingest, db) }); err != nil {
		return err
	}
	base, stop, err := startServer(binary, dsn)
	if err != nil {
		return err
	}
	defer stop()
	cookie, err := openWidget(base, link)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	token, err := accessToken(client, base)
	if err != nil {
		return err
	}
	var results []result
	for _, op := range operations(base, token, link, cookie) {
		fmt.Fprintf(os.Stderr, "bench: %s …\n", op.name)
		measure(client, op, conns, time.Second) // warm-up
		results = append(results, measure(client, op, conns, dur))
	}
	printTable(os.Stdout, results)
	os.Stdout.Write(ingest.Bytes())
	return nil
}

func withDB(dsn string, fn func(*sqlx.DB) error) error {
	db, err := store.Open(context.Background(), dsn, store.PoolOptions{MaxOpen: 4})
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// The bench's OAuth client, created by prepare.
const (
	benchClientID     = "bench-client"
	benchClientSecret = "bench-client-secret"
)

// prepare migrates the database, fills the reference table, registers the
// bench's OAuth client and creates a widget; it returns the widget's link.
func prepare(dsn string) (string, error) {
	ctx := context.Background()
	db, err := store.Open(ctx, dsn, store.PoolOptions{MaxOpen: 2})
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := store.Migrate(ctx, db); err != nil {
		return "", err
	}
	_, err = db.Exec(`CREATE TABLE bench_ref (id bigserial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
		INSERT INTO bench_ref (name) SELECT 'row ' || g FROM generate_series(1, 10000) g`)
	if err != nil {
		return "", err
	}
	_, _, err = oauth.CreateClient(ctx, db, oauth.ClientSpec{ClientID: benchClientID, Secret: benchClientSecret,
		Name: "bench", Grants: []string{oauth.GrantClientCredentials}})
	if err != nil {
		return "", err
	}
	return prepareWidget(ctx, db)
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
	defer resp.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.AccessToken == "" {
		return "", fmt.Errorf("token endpoint answered %d: %v", resp.StatusCode, err)
	}
	return body.AccessToken, nil
}

func startServer(binary, dsn string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "ADDR="+addr, "DATABASE_URL="+dsn, "BENCH_ROUTES=true", "LOG_LEVEL=warn",
		"PUBLIC_URL=http://"+addr, "DB_MAX_CONNS=40")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }
	base := "http://" + addr
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return base, stop, nil
			}
		}
	}
	stop()
	return "", nil, fmt.Errorf("server did not become ready at %s", base)
}

func operations(base, token, widgetLink, widgetCookie string) []operation {
	get := func(path string) func(int, int) *http.Request {
		return func(w, i int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, base+strings.ReplaceAll(path, "{i}", fmt.Sprint(1+(w*7919+i)%10000)), nil)
			return req
		}
	}
	post := func(path string) func(int, int) *http.Request {
		return func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, base+path, nil)
			return req
		}
	}
	authed := func(path string) func(int, int) *http.Request {
		return func(w, i int) *http.Request {
			req := get(path)(w, i)
			req.Header.Set("Authorization", "Bearer "+token)
			return req
		}
	}
	page := func(path string) func(int, int) *http.Request {
		return func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, base+path, nil)
			req.Header.Set("Cookie", widgetCookie)
			return req
		}
	}
	return []operation{
		{name: "reference: bare gin route", request: get("/bench/ref/noop"), status: 200},
		{name: "reference: one-row SELECT", request: get("/bench/ref/select/{i}"), status: 200},
		{name: "reference: one-row INSERT", request: post("/bench/ref/insert"), status: 201},
		{name: "GET /healthz", reference: "reference: bare gin route", request: get("/healthz"), status: 200},
		{name: "POST /oauth2/token client_credentials", reference: "reference: one-row INSERT",
			request: func(int, int) *http.Request { return tokenRequest(base) }, status: 200},
		{name: "GET bare route with bearer auth", reference: "reference: bare gin route", request: authed("/bench/ref/noop-auth"), status: 200},
		{name: "GET widget bank selection page", reference: "reference: one-row SELECT", request: page(widgetPath(widgetLink, "/banks")), status: 200},
		{name: "GET widget bank search (?q=consumer)", reference: "reference: one-row SELECT", request: page(widgetPath(widgetLink, "/banks?q=consumer")), status: 200},
	}
}
