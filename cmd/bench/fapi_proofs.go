package main

import (
	"fmt"
	"net/http"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"openbank/oauth/dpop"
)

// A DPoP client signs a proof for every call, on its own machine. The bench
// client shares the server's two cores, so it signs its proofs before the
// timed window, as a pool: each proof with its own jti, for its own URL,
// with the iat of its signing. The pool must be spent within the server's
// iat window (dpop.MaxAge), warm-up and measurement included; a pool run
// dry is refilled by signing in the timed window, and said so.
const (
	// proofRate bounds the DPoP-bound calls per second the pool is made
	// for: above what a two-core box serves even with bearer tokens
	// (about 9,000 showcase reads per second, quiet).
	proofRate = 12_000
	// proofMargin is kept between the pool's oldest iat and the end of the
	// server's window: the filling itself, and clock steps.
	proofMargin = 10 * time.Second
)

// pooledCall is a pre-signed call: its URL and the proof for it.
type pooledCall struct{ url, proof string }

// proofPool hands out pre-signed calls in order.
type proofPool struct {
	calls []pooledCall
	next  atomic.Int64
	url   func(k int) string // the URL of the k-th call
	sign  func(url string) string
	dry   atomic.Int64 // calls signed in the timed window
}

// newProofPool signs the calls a pair of rows measured for dur (and its
// one-second warm-up) can take, on every core; it refuses a dur that
// outlasts the proofs' iat window, and a pool whose signing took so long
// that its first proofs would go stale before the run ends.
func newProofPool(dur time.Duration, url func(int) string, sign func(string) string) (*proofPool, error) {
	spent := time.Second + dur // the bound row takes half of the warm-up and of the measurement; the whole is the bound
	if spent+proofMargin > dpop.MaxAge {
		return nil, fmt.Errorf("DPoP rows: -d %v outlasts the proofs' iat window (%v, with %v for the warm-up and %v margin); use a shorter -d",
			dur, dpop.MaxAge, time.Second, proofMargin)
	}
	n := int(float64(proofRate) * spent.Seconds() / 2)
	p := &proofPool{calls: make([]pooledCall, n), url: url, sign: sign}
	start := time.Now()
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for k := w; k < n; k += workers {
				u := url(k)
				p.calls[k] = pooledCall{url: u, proof: sign(u)}
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	fmt.Fprintf(os.Stderr, "bench: %d DPoP proofs signed in %v, before the timed window\n", n, took.Round(time.Millisecond))
	if took+spent+proofMargin > dpop.MaxAge {
		return nil, fmt.Errorf("DPoP rows: signing %d proofs took %v: the first would be older than %v before the run ends",
			n, took.Round(time.Millisecond), dpop.MaxAge)
	}
	return p, nil
}

// take is the next pre-signed call; once the pool is spent, one signed now.
func (p *proofPool) take() pooledCall {
	k := int(p.next.Add(1) - 1)
	if k < len(p.calls) {
		return p.calls[k]
	}
	if p.dry.Add(1) == 1 {
		fmt.Fprintf(os.Stderr, "bench: the pool of %d DPoP proofs ran dry: further proofs are signed in the timed window\n", len(p.calls))
	}
	u := p.url(k)
	return pooledCall{url: u, proof: p.sign(u)}
}

// boundGet is a GET of a pooled call with the DPoP-bound token.
func (p *proofPool) boundGet(token string) *http.Request {
	c := p.take()
	req, _ := http.NewRequest(http.MethodGet, c.url, nil)
	req.Header.Set("Authorization", "DPoP "+token)
	req.Header.Set("DPoP", c.proof)
	return req
}
