package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/oauth"
	"openbank/store"
)

// The scale part: two databases of its own in the bench's cluster, each
// with 100,000 accounts and a server. In one the accounts hold scaleRows
// transactions; in the other 100 of them hold the reference's 10,000, so
// an account holds about 100 rows in both. The two are measured in turns,
// so that both see the same load on a shared machine.
const (
	scaleDatabase     = "openbank_scale"
	scaleRefDatabase  = "openbank_scale_ref" // the reference's 10,000 rows
	scaleAccounts     = 100_000
	scaleAccountsConn = 2 // accounts per connection
	scaleSmall        = 10_000
	scaleSmallOn      = 100          // accounts holding the reference rows
	scaleSample       = scaleSmallOn // accounts asked at scaleRows, spread over the table
)

// scaleRows is how many transactions the scale part seeds (-scale-rows).
var scaleRows = 10_000_000

// measureScale creates the scale databases, measures them against a
// server each, writes the table and the figures to w, and drops them.
func measureScale(w io.Writer, binary, clusterDSN string, conns int, dur time.Duration) error {
	admin, err := openPool(clusterDSN, 1)
	if err != nil {
		return err
	}
	defer func() { _ = admin.Close() }()
	s := &scale{client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * conns, MaxConnsPerHost: conns}},
		conns: conns, dur: dur}
	for _, name := range []string{scaleDatabase, scaleRefDatabase} {
		b, stop, err := startScaleServer(admin, binary, clusterDSN, name, s.client)
		if err != nil {
			return err
		}
		defer stop()
		if name == scaleDatabase {
			s.bench, s.dsn = b, strings.Replace(clusterDSN, "dbname=postgres", "dbname="+name, 1)
		} else {
			s.ref = b
		}
	}
	return s.run(w)
}

// startScaleServer creates the database name, migrates it, registers the
// bench client and starts a server on it; stop stops the server and drops
// the database.
func startScaleServer(admin *sqlx.DB, binary, clusterDSN, name string, client *http.Client) (*bench, func(), error) {
	if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + name); err != nil {
		return nil, nil, err
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		return nil, nil, err
	}
	dsn := strings.Replace(clusterDSN, "dbname=postgres", "dbname="+name, 1)
	db, err := openPool(dsn, 4)
	if err == nil {
		err = prepareScale(db)
	}
	var base string
	serverStop := func() {}
	if err == nil {
		base, serverStop, _, err = startServer(binary, dsn)
	}
	stop := func() {
		serverStop()
		if db != nil {
			_ = db.Close()
		}
		_, _ = admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
	}
	if err != nil {
		stop()
		return nil, nil, err
	}
	token, err := accessToken(client, base)
	if err != nil {
		stop()
		return nil, nil, err
	}
	return &bench{base: base, token: token, db: db}, stop, nil
}

// prepareScale migrates the scale database and registers the bench client.
func prepareScale(db *sqlx.DB) error {
	ctx := context.Background()
	st := store.New(db)
	if _, err := st.Migrate(ctx); err != nil {
		return err
	}
	_, _, err := (&oauth.Registry{Store: st}).CreateClient(ctx, oauth.ClientSpec{ClientID: benchClientID, Secret: benchClientSecret,
		Name: "bench", Grants: []string{oauth.GrantClientCredentials}, Products: []string{oauth.ProductInsight}})
	return err
}

// scale is the scale part's state: the server, the accounts and what it
// measured.
type scale struct {
	*bench
	ref      *bench // the reference's server and database
	dsn      string
	client   *http.Client
	conns    int
	dur      time.Duration
	accounts []int64
	// the reference's accounts holding its rows
	refAccounts []int64
	results     []result
	notes       strings.Builder // the figures besides the table
}

// run seeds both databases, measures GET /transactions on both, then the
// size, the analytics of a large subject and a large connection's deletion.
func (s *scale) run(w io.Writer) error {
	steps := []struct {
		name string
		do   func() error
	}{
		{"accounts", s.createAccounts},
		{"10k rows", s.seedSmall},
		{"seed", s.seed},
		{"GET /transactions", s.measureTransactions},
		{"size", s.measureSize},
		{"analytics", s.measureAnalytics},
		{"delete", s.measureDelete},
	}
	for _, step := range steps {
		fmt.Fprintf(os.Stderr, "bench: scale: %s …\n", step.name)
		if err := step.do(); err != nil {
			return fmt.Errorf("scale: %s: %w", step.name, err)
		}
	}
	printTable(w, s.results)
	_, err := io.WriteString(w, s.notes.String())
	return err
}

// note adds a line to the figures printed under the table.
func (s *scale) note(format string, args ...any) {
	fmt.Fprintf(&s.notes, format+"\n", args...)
}
