package sandbox_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// BenchmarkFirstFetch compares a connection's first fetch (every account,
// its whole history) from the in-process mock bank and through the
// connector and the sandbox over loopback TLS, each with a new seed.
func BenchmarkFirstFetch(b *testing.B) {
	now := func() time.Time { return testNow }
	b.Run("in-process", func(b *testing.B) {
		mock, _ := banks.NewMock(banks.ConsumerMultiAccount, banks.Options{Now: now})
		for i := 0; b.Loop(); i++ {
			c := banks.Consent{Bank: banks.ConsumerMultiAccount, Status: banks.ConsentOK, Seed: int64(i + 1),
				Scenario: banks.ScenarioNormal, GrantedAt: testNow, ValidUntil: testNow.AddDate(0, 3, 0)}
			fetchAll(b, mock, c)
		}
	})
	b.Run("sandbox", func(b *testing.B) {
		certs, err := sandbox.GenerateCertificates(b.TempDir(), "127.0.0.1")
		if err != nil {
			b.Fatal(err)
		}
		aspsp := sandbox.New(sandbox.Options{Now: now})
		srv := httptest.NewUnstartedServer(served(aspsp))
		srv.TLS, _ = sandbox.TLSConfig(certs)
		srv.StartTLS()
		defer srv.Close()
		f := &fixture{srv: srv, aspsp: aspsp, certs: certs, now: testNow}
		conn := f.connector(b, banks.ConsumerMultiAccount, xs2a.Quirks{})
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			consent := f.connect(b, conn, "user", int64(i+1))
			b.StartTimer()
			fetchAll(b, conn, consent)
		}
	})
}

func fetchAll(b *testing.B, p banks.Provider, c banks.Consent) {
	ctx := context.Background()
	accounts, err := p.Accounts(ctx, c)
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range accounts {
		if _, err := p.Transactions(ctx, c, a.ID, banks.Query{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConnectorFetch is the connector's share of a first fetch: the
// sandbox answers each request once (pages of 500, as Openbank's own
// sandbox serves them) and a replay of its bytes answers the loop, so
// that what is measured is the connector's requests, TLS and decoding.
func BenchmarkConnectorFetch(b *testing.B) {
	certs, err := sandbox.GenerateCertificates(b.TempDir(), "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	now := func() time.Time { return testNow }
	aspsp := sandbox.New(sandbox.Options{Now: now, Behaviour: sandbox.Behaviour{PageSize: 500}})
	srv := httptest.NewUnstartedServer(&replay{next: served(aspsp), seen: map[string]recorded{}})
	srv.TLS, _ = sandbox.TLSConfig(certs)
	srv.StartTLS()
	defer srv.Close()
	f := &fixture{srv: srv, aspsp: aspsp, certs: certs, now: testNow}
	conn := f.connector(b, banks.ConsumerMultiAccount, xs2a.Quirks{})
	consent := f.connect(b, conn, "user", 7)
	fetchAll(b, conn, consent) // recorded
	b.ReportAllocs()
	cpu := cpuNow()
	for b.Loop() {
		fetchAll(b, conn, consent)
	}
	b.ReportMetric(float64((cpuNow()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}

// replay answers an account-data request it has seen with the sandbox's
// first answer to it.
type replay struct {
	next http.Handler
	mu   sync.Mutex
	seen map[string]recorded
}

type recorded struct {
	status int
	header http.Header
	body   []byte
}

func (p *replay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !strings.Contains(r.URL.Path, "/v1/accounts") {
		p.next.ServeHTTP(w, r)
		return
	}
	key := r.Header.Get("Consent-ID") + " " + r.URL.RequestURI()
	p.mu.Lock()
	rec, ok := p.seen[key]
	p.mu.Unlock()
	if !ok {
		rr := httptest.NewRecorder()
		p.next.ServeHTTP(rr, r)
		rec = recorded{status: rr.Code, header: rr.Header(), body: rr.Body.Bytes()}
		p.mu.Lock()
		p.seen[key] = rec
		p.mu.Unlock()
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.body)
}

// cpuNow is the CPU time this process has used, for the benchmarks'
// cpu-µs/op: on a busy machine wall time per op says little.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
