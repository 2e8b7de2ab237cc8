package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/pgdev"
	"openbank/store/storetest"
)

// Phases of the database outage test.
const (
	phaseUp = iota
	phaseDown
	phaseBack
)

// TestDatabaseOutageUnderLoad stops PostgreSQL under load and starts it
// again: during the outage every answer is a 503 with Retry-After (the
// ErrorResponse from the APIs, RFC 6749's temporarily_unavailable from
// /oauth2/*; never a 500, not even for the request let through to probe the
// database), the pool backs off instead of dialing for every request, and
// once the database is back no answer is a 5xx.
func TestDatabaseOutageUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and stops its own PostgreSQL")
	}
	t.Parallel()
	pg := newOwnCluster(t)
	in, cl, token := pg.serve(t)
	var phase atomic.Int32
	tally, oauthTally := newOutcomes(unavailableAnswer), newOutcomes(unavailableProtocolAnswer)
	stopAPI := loadAggregation(t, in.base, token, &phase, tally)
	stopOAuth := loadOAuth(in.base, cl, token, &phase, oauthTally)
	stop := func() { stopAPI(); stopOAuth() }

	time.Sleep(500 * time.Millisecond)
	phase.Store(phaseDown)
	dials := in.st.Dials()
	pg.stop(t)
	time.Sleep(2 * time.Second)
	page := httpGet(t, in.base+"/", nil)
	if page.code != 503 || page.header.Get("Retry-After") == "" {
		t.Errorf("a page during the outage: %d, Retry-After %q", page.code, page.header.Get("Retry-After"))
	}
	pg.start(t)
	waitFor(t, 20*time.Second, func() bool { return httpGet(t, in.base+"/readyz", nil).code == 200 })
	outageDials := in.st.Dials() - dials
	phase.Store(phaseBack)
	time.Sleep(2 * time.Second)
	stop()

	t.Logf("outcomes by phase: API %v, OAuth %v; connection attempts during the outage: %d",
		tally.byPhase(), oauthTally.byPhase(), outageDials)
	if outageDials > 40 {
		t.Errorf("%d connection attempts during a 2 s outage: the pool does not back off", outageDials)
	}
	tally.check(t)
	oauthTally.check(t)
	if seen := tally.byPhase(); seen[phaseDown][503] == 0 || seen[phaseBack][404] == 0 {
		t.Errorf("the load saw no outage or no recovery: %v", seen)
	}
	if seen := oauthTally.byPhase(); seen[phaseDown][503] == 0 || seen[phaseBack][200] == 0 {
		t.Errorf("the OAuth load saw no outage or no recovery: %v", seen)
	}
}

// outcomes counts the statuses of the load by phase; unavailable tells
// whether a 5xx during the outage is the expected 503.
type outcomes struct {
	mu          sync.Mutex
	statuses    map[int32]map[int]int
	failures    []string
	unavailable func(answer) bool
}

func newOutcomes(unavailable func(answer) bool) *outcomes {
	return &outcomes{statuses: map[int32]map[int]int{}, unavailable: unavailable}
}

func (o *outcomes) add(phase int32, a answer, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.statuses[phase] == nil {
		o.statuses[phase] = map[int]int{}
	}
	o.statuses[phase][a.code]++
	switch {
	case err != nil:
		o.failures = append(o.failures, err.Error())
	case a.code >= 500 && phase != phaseDown:
		o.failures = append(o.failures, "a 5xx while the database was up: "+string(a.body))
	case a.code >= 500 && !o.unavailable(a):
		o.failures = append(o.failures, fmt.Sprintf("not the outage's 503 with Retry-After: %d %s", a.code, a.body))
	}
}

func (o *outcomes) byPhase() map[int32]map[int]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.statuses
}

func (o *outcomes) check(t *testing.T) {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.failures) > 0 {
		t.Errorf("%d failed answers, the first: %s", len(o.failures), o.failures[0])
	}
}

// unavailableAnswer is the 503 of an outage: Retry-After and code 5030.
func unavailableAnswer(a answer) bool {
	var body fault.Response
	return a.code == 503 && a.header.Get("Retry-After") != "" &&
		jsonInto(a.body, &body) == nil && body.Fault.Code == fault.CodeUnavailable
}

// unavailableProtocolAnswer is the 503 of an outage on /oauth2/*:
// Retry-After and RFC 6749's temporarily_unavailable.
func unavailableProtocolAnswer(a answer) bool {
	var body struct {
		Error string `json:"error"`
	}
	return a.code == 503 && a.header.Get("Retry-After") != "" &&
		jsonInto(a.body, &body) == nil && body.Error == oauth.ErrTemporarilyUnavailable
}

// loadOAuth asks for client-credentials tokens, introspects and revokes
// from three workers until stop is called: the token endpoint reads the
// client and writes the grant, introspection and revocation read the grant.
func loadOAuth(base string, cl registered, token string, phase *atomic.Int32, tally *outcomes) (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	calls := []struct{ path, form string }{
		{"/oauth2/token", "grant_type=client_credentials"},
		{"/oauth2/introspect", "token=" + url.QueryEscape(token)},
		{"/oauth2/revoke", "token=not-a-token-of-ours"},
	}
	for _, call := range calls {
		wg.Go(func() {
			for !done.Load() {
				start := phase.Load()
				req, err := http.NewRequest(http.MethodPost, base+call.path, strings.NewReader(call.form))
				if err != nil {
					panic(err)
				}
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.SetBasicAuth(url.QueryEscape(cl.id), url.QueryEscape(cl.secret))
				a, err := send(client, req)
				end := phase.Load()
				if start == phaseDown {
					end = phaseDown
				}
				tally.add(end, a, err)
				time.Sleep(2 * time.Millisecond)
			}
		})
	}
	return func() { done.Store(true); wg.Wait() }
}

// loadAggregation reads a connection that does not exist (a database read,
// answered 404) from four workers until stop is called.
func loadAggregation(t *testing.T, base, token string, phase *atomic.Int32, tally *outcomes) (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	for range 4 {
		wg.Go(func() {
			for !done.Load() {
				start := phase.Load()
				a, err := call(client, base+"/aggregation/v3.12.0/connections/424242", token)
				end := phase.Load()
				if start == phaseDown {
					end = phaseDown // an answer that began in the outage may be a 503
				}
				tally.add(end, a, err)
				time.Sleep(2 * time.Millisecond)
			}
		})
	}
	return func() { done.Store(true); wg.Wait() }
}

// ownCluster is a PostgreSQL cluster of one test, which it may stop.
type ownCluster struct {
	dir     string
	cluster *pgdev.Cluster
	url     string
}

func newOwnCluster(t *testing.T) *ownCluster {
	t.Helper()
	dir, err := os.MkdirTemp("", "openbank-outage-pg-")
	if err != nil {
		t.Fatal(err)
	}
	pg := &ownCluster{dir: dir}
	t.Cleanup(func() {
		if pg.cluster != nil {
			pg.cluster.Stop()
		}
		os.RemoveAll(dir)
	})
	pg.start(t)
	admin, err := sqlx.Open("postgres", pg.cluster.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE DATABASE outage`); err != nil {
		t.Fatal(err)
	}
	pg.url = pg.cluster.URL("outage")
	return pg
}

func (pg *ownCluster) start(t *testing.T) {
	t.Helper()
	c, err := storetest.StartCluster(pg.dir)
	if err != nil {
		t.Fatal(err)
	}
	pg.cluster = c
}

func (pg *ownCluster) stop(t *testing.T) {
	t.Helper()
	if err := pg.cluster.Stop(); err != nil {
		t.Fatal(err)
	}
}

// serve migrates the cluster's database and serves an instance on it through
// the server's own pool, returning a client of the aggregation product and
// a token of it.
func (pg *ownCluster) serve(t *testing.T) (*instance, registered, string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, pg.url, store.PoolOptions{MaxOpen: 8, MaxIdle: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cfg, err := LoadConfig(func(k string) string {
		return map[string]string{"PUBLIC_URL": base, "FETCH_LATENCY": "0s", "RATE_LIMIT_REQUESTS": "0", "SHUTDOWN_DRAIN": "0s",
			"SECRETS_KEY": faultSecretsKey}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = pg.url
	s, err := NewServer(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	in := &instance{Server: s, base: base, st: st}
	cl := in.client(t, oauth.ClientSpec{Products: []string{oauth.ProductAggregation}})
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	token, _ := tok["access_token"].(string)
	if token == "" {
		t.Fatalf("no token: %v", tok)
	}
	return in, cl, token
}
