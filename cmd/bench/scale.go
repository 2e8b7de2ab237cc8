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

// The scale part: its own database in the bench's cluster, so that the
// reference rows really run with 10,000 transactions in all. 100,000
// accounts hold scaleRows transactions; the reference puts 10,000 rows on
// 100 of them, so an account holds about 100 rows in both measurements.
const (
	scaleDatabase     = "openbank_scale"
	scaleAccounts     = 100_000
	scaleAccountsConn = 2 // accounts per connection
	scaleSmall        = 10_000
	scaleSmallOn      = 100 // accounts holding the reference rows
	scaleSample       = 2_000
)

// scaleRows is how many transactions the scale part seeds (-scale-rows).
var scaleRows = 10_000_000

// Names of the scale part's rows.
const (
	scaleSmallRow      = "scale: GET /transactions, 10k rows"
	scaleSmallRowConn1 = "scale: GET /transactions, 10k rows, 1 conn"
)

// measureScale creates the scale database, measures it against a server
// of its own, writes the table and the figures to w, and drops it.
func measureScale(w io.Writer, binary, clusterDSN string, conns int, dur time.Duration) error {
	admin, err := openPool(clusterDSN, 1)
	if err != nil {
		return err
	}
	defer func() { _ = admin.Close() }()
	if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + scaleDatabase); err != nil {
		return err
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + scaleDatabase); err != nil {
		return err
	}
	defer func() { _, _ = admin.Exec(`DROP DATABASE ` + scaleDatabase + ` WITH (FORCE)`) }()
	dsn := strings.Replace(clusterDSN, "dbname=postgres", "dbname="+scaleDatabase, 1)
	return withDB(dsn, func(db *sqlx.DB) error {
		if err := prepareScale(db); err != nil {
			return err
		}
		base, stop, err := startServer(binary, dsn)
		if err != nil {
			return err
		}
		defer stop()
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
		token, err := accessToken(client, base)
		if err != nil {
			return err
		}
		s := &scale{bench: &bench{base: base, token: token, db: db}, dsn: dsn, client: client, conns: conns, dur: dur}
		return s.run(w)
	})
}

// prepareScale migrates the scale database and registers the bench client.
func prepareScale(db *sqlx.DB) error {
	ctx := context.Background()
	st := store.New(db)
	if _, err := st.Migrate(ctx); err != nil {
		return err
	}
	_, _, err := oauth.CreateClient(ctx, st, oauth.ClientSpec{ClientID: benchClientID, Secret: benchClientSecret,
		Name: "bench", Grants: []string{oauth.GrantClientCredentials}, Products: []string{oauth.ProductInsight}})
	return err
}

// scale is the scale part's state: the server, the accounts and what it
// measured.
type scale struct {
	*bench
	dsn      string
	client   *http.Client
	conns    int
	dur      time.Duration
	accounts []int64
	results  []result
	notes    strings.Builder // the figures besides the table
}

// run measures GET /transactions at 10k rows, seeds the table to
// scaleRows, measures it again, then the size, the analytics of a large
// subject and a large connection's deletion.
func (s *scale) run(w io.Writer) error {
	steps := []struct {
		name string
		do   func() error
	}{
		{"accounts", s.createAccounts},
		{"10k rows", s.measureSmall},
		{"seed", s.seed},
		{"10M rows", s.measureLarge},
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
