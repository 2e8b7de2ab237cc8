package widget_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
	"openbank/web"
	widgets "openbank/widget"
)

func TestMain(m *testing.M) {
	code := storetest.Run(m)
	stopBrowser()
	os.Exit(code)
}

const clientID = "client-a"

// clock is the server's clock; tests move it instead of sleeping.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// landing is the client's site: returnTo addresses point at it.
var landing = sync.OnceValue(func() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!DOCTYPE html><html lang="en"><title>Client</title><h1 id="landed">Back at the client</h1></html>`))
	}))
})

// env is a real server on a 127.0.0.1 listener over its own database, with
// workers running the fetch jobs without latency.
type env struct {
	base    string
	srv     *web.Server
	svc     *aggregation.Service
	widgets *widgets.Service
	db      *storetest.DB
	clock   *clock
}

// clients are the test's clients: one, whose registered return origin is
// the landing server.
func clients() web.StaticClients {
	return web.StaticClients{clientID: {Name: "Acme Lending", Settings: aggregation.ClientSettings{
		ReturnToOrigins: []string{landing().URL}}}}
}

func newEnv(t *testing.T, vars map[string]string) *env {
	t.Helper()
	db := storetest.NewDB(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if vars == nil {
		vars = map[string]string{}
	}
	if vars["PUBLIC_URL"] == "" {
		vars["PUBLIC_URL"] = "http://" + ln.Addr().String()
	}
	vars["SHUTDOWN_TIMEOUT"] = "2s"
	cfg, err := web.LoadConfig(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{now: time.Now().UTC().Truncate(time.Second)}
	srv, err := web.NewServer(cfg, store.New(db), web.WithClients(clients()), web.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { srv.Serve(ctx, ln); close(served) }()
	pool := jobs.NewPool(srv.Aggregation().Store, srv.JobHandlers(), jobs.Options{Workers: 2, PollInterval: 50 * time.Millisecond})
	worked := make(chan struct{})
	go func() { pool.Run(ctx); close(worked) }()
	t.Cleanup(func() { cancel(); <-served; <-worked })
	return &env{base: "http://" + ln.Addr().String(), srv: srv, svc: srv.Aggregation(), widgets: srv.Widgets(), db: db, clock: clk}
}

// widget creates a widget link through the service, as POST /widget/connect would.
func (e *env) widget(t *testing.T, returnTo string, flags bool) *widgets.Created {
	t.Helper()
	w, err := e.widgets.Create(context.Background(), widgets.Request{
		ClientID: clientID, SubjectID: "42", CountryCodes: []string{"XF"}, ReturnTo: returnTo,
		ReturnConnectionID: flags, ReturnWidgetIDError: flags, Access: aggregation.Recurring,
		CallbackFields: map[string]string{"customer": "c-42"}, RequestID: uuid.NewString(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// connection reads a connection's state.
func (e *env) connection(t *testing.T, id int64) *store.Connection {
	t.Helper()
	c, err := e.svc.Store.Connection(context.Background(), clientID, id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// waitFetched waits until the connection's latest fetch has finished.
func (e *env) waitFetched(t *testing.T, id int64) store.Fetch {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		f, err := e.svc.Store.Fetches(context.Background(), clientID, id, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(f) == 1 && (f[0].Status == "succeeded" || f[0].Status == "failed") {
			return f[0]
		}
	}
	t.Fatal(errors.New("the fetch did not finish within 30 s"))
	return store.Fetch{}
}

// noRedirects is an HTTP client that shows redirects instead of following them.
func noRedirects(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func mustParse(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
