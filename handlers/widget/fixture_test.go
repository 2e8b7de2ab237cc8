package widget_test

import (
	"cmp"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
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

// env is the widget's part of the server on a 127.0.0.1 listener over its
// own database, with workers running the fetch jobs.
type env struct {
	base    string
	handler http.Handler
	svc     *aggregation.Service
	widgets *widgets.Service
	db      *storetest.DB
	clock   *clock
}

// newEnv starts an env; vars are settings by their environment names
// (PUBLIC_URL, WIDGET_MAX_OPENINGS, MOCK_SLOW_FETCH).
func newEnv(t testing.TB, vars map[string]string) *env {
	t.Helper()
	db := storetest.NewDB(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	public, err := url.Parse(cmp.Or(vars["PUBLIC_URL"], base))
	if err != nil {
		t.Fatal(err)
	}
	openings, _ := strconv.Atoi(vars["WIDGET_MAX_OPENINGS"])
	slow, _ := time.ParseDuration(cmp.Or(vars["MOCK_SLOW_FETCH"], "0s"))
	e := &env{base: base, db: db, clock: &clock{now: time.Now().UTC().Truncate(time.Second)}}
	e.svc, e.widgets = services(store.New(db), public.String(), e.clock.Now, slow, widgets.Options{MaxOpenings: openings})
	if e.handler, err = server(e, public); err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: e.handler, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	ctx, cancel := context.WithCancel(context.Background())
	handlers := map[string]jobs.Handler{}
	for kind, h := range e.svc.Handlers() {
		handlers[kind] = h
	}
	pool := jobs.NewPool(e.svc.Store, handlers, jobs.Options{Workers: 2, PollInterval: 50 * time.Millisecond})
	worked := make(chan struct{})
	go func() { pool.Run(ctx); close(worked) }()
	t.Cleanup(func() { srv.Close(); cancel(); <-worked })
	return e
}

// widget creates a widget link through the service, as POST /widget/connect would.
func (e *env) widget(t testing.TB, returnTo string, flags bool) *widgets.Created {
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

func mustParse(t testing.TB, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
