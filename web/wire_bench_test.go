package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"openbank/oauth"
)

// BenchmarkOverTheWire is the CPU of a whole call over loopback, the
// server's and its client's (one process, so both are counted): the bench's
// pairs of `make bench` one request at a time, GET /healthz beside the
// route of the engine without middleware, and the no-op route with and
// without bearer authentication. Beside ns/op it reports cpu-ns/op (user
// and system time of the process) and the bytes of each request and
// answer on the wire, which both ends pay for.
func BenchmarkOverTheWire(b *testing.B) {
	in := newInstance(b)
	cl := in.client(b, oauth.ClientSpec{})
	_, tok, _ := in.tokenCall(b, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	bearer := []string{"Bearer " + tok["access_token"].(string)}
	in.cfg.BenchRoutes = true
	in.benchRoutes()
	for _, tt := range []struct {
		path string
		auth bool
	}{{benchBarePath, false}, {"/healthz", false}, {"/bench/ref/noop", false}, {"/bench/ref/noop-auth", true}} {
		b.Run(tt.path, func(b *testing.B) {
			var sent, received atomic.Int64
			client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
				return countingConn{Conn: c, sent: &sent, received: &received}, err
			}}}
			defer client.CloseIdleConnections()
			call := func() {
				req, _ := http.NewRequest("GET", in.base+tt.path, nil)
				if tt.auth {
					req.Header["Authorization"] = bearer
				}
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatal(resp.StatusCode)
				}
			}
			call() // the connection is dialled outside the measure
			sent.Store(0)
			received.Store(0)
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				call()
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(sent.Load())/float64(b.N), "req-B/op")
			b.ReportMetric(float64(received.Load())/float64(b.N), "resp-B/op")
		})
	}
}

// countingConn counts the bytes a client connection sends and receives.
type countingConn struct {
	net.Conn
	sent, received *atomic.Int64
}

func (c countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.received.Add(int64(n))
	return n, err
}

func (c countingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.sent.Add(int64(n))
	return n, err
}

// reportCPU reports the process's CPU time per iteration since cpu, a
// figure that the machine's other load changes less than ns/op.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// processCPU is the user and system CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
