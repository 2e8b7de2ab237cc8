package web

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// TestRollingRestartLosesNoRequest runs two instances of the binary behind
// a round-robin balancer that follows /readyz and retries nothing (a new
// connection per request), and restarts each with SIGTERM in turn under
// load: not one request fails.
func TestRollingRestartLosesNoRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	t.Parallel()
	binary := buildBinary(t)
	dbURL := storetest.NewURL(t)
	lb := newBalancer(t)
	env := []string{"SHUTDOWN_DRAIN=1s"}
	lb.set(0, startBinary(t, binary, dbURL, lb.base, env...))
	lb.set(1, startBinary(t, binary, dbURL, lb.base, env...))
	lb.waitReady(t, 0)
	lb.waitReady(t, 1)

	db := storetest.OpenDB(t, dbURL, 2)
	in := &instance{base: lb.base, db: db, st: store.New(db)}
	cl := in.client(t, oauth.ClientSpec{Products: []string{oauth.ProductAggregation}})
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	token, _ := tok["access_token"].(string)
	var phase atomic.Int32
	tally := newOutcomes(unavailableAnswer)
	stop := loadAggregation(t, lb.base, token, &phase, tally)

	for i := range 2 {
		time.Sleep(500 * time.Millisecond)
		old := lb.backend(i)
		began := time.Now()
		if err := old.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		old.cmd.Wait()
		t.Logf("instance %d stopped in %s", i, time.Since(began).Round(time.Millisecond))
		lb.set(i, startBinary(t, binary, dbURL, lb.base, env...))
		lb.waitReady(t, i)
	}
	time.Sleep(500 * time.Millisecond)
	stop()

	t.Logf("answers: %v", tally.byPhase()[phaseUp])
	if tally.byPhase()[phaseUp][404] < 100 {
		t.Errorf("too little load: %v", tally.byPhase())
	}
	tally.check(t)
	if n := lb.failures.Load(); n > 0 {
		t.Errorf("the balancer failed to reach an instance %d times", n)
	}
}

// balancer is a round-robin reverse proxy over two instances that sends
// requests only to an instance whose /readyz answered 200 last time it was
// asked (every 50 ms), and never retries.
type balancer struct {
	base     string
	mu       sync.Mutex
	backends [2]*process
	ready    [2]bool
	next     atomic.Int64
	failures atomic.Int64
}

func newBalancer(t *testing.T) *balancer {
	lb := &balancer{}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			target, _ := url.Parse(r.In.Context().Value(targetKey{}).(string))
			r.SetURL(target)
			r.Out.Host = r.In.Host // the instances' issuer is the balancer's address
		},
		Transport: &http.Transport{DisableKeepAlives: true},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			lb.failures.Add(1)
			t.Logf("balancer: %v", err)
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target, ok := lb.pick()
		if !ok {
			lb.failures.Add(1)
			http.Error(w, "no instance ready", http.StatusServiceUnavailable)
			return
		}
		proxy.ServeHTTP(w, r.WithContext(contextWith(r, target)))
	}))
	lb.base = srv.URL
	done := make(chan struct{})
	go lb.check(done)
	t.Cleanup(func() { close(done); srv.Close() })
	return lb
}

func (lb *balancer) set(i int, p *process) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.backends[i], lb.ready[i] = p, false
}

func (lb *balancer) backend(i int) *process {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	return lb.backends[i]
}

// pick takes the next ready instance in turn.
func (lb *balancer) pick() (string, bool) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	for range 2 {
		i := lb.next.Add(1) % 2
		if lb.ready[i] {
			return lb.backends[i].base, true
		}
	}
	return "", false
}

// check asks every instance's /readyz every 50 ms.
func (lb *balancer) check(done <-chan struct{}) {
	client := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for {
		select {
		case <-done:
			return
		case <-time.After(50 * time.Millisecond):
		}
		for i := range 2 {
			p := lb.backend(i)
			if p == nil {
				continue
			}
			resp, err := client.Get(p.base + "/readyz")
			ok := err == nil && resp.StatusCode == http.StatusOK
			if err == nil {
				resp.Body.Close()
			}
			lb.mu.Lock()
			if lb.backends[i] == p {
				lb.ready[i] = ok
			}
			lb.mu.Unlock()
		}
	}
}

func (lb *balancer) waitReady(t *testing.T, i int) {
	t.Helper()
	waitFor(t, 30*time.Second, func() bool {
		lb.mu.Lock()
		defer lb.mu.Unlock()
		return lb.ready[i]
	})
}
