package web

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/banks"
	"openbank/store"
	"openbank/store/storetest"
)

// shiftClock is the server's clock moved forward by tests instead of sleeping.
type shiftClock struct{ offset atomic.Int64 }

func (c *shiftClock) now() time.Time       { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *shiftClock) move(d time.Duration) { c.offset.Add(int64(d)) }

// startClockedInstance is newInstance with the server's clock replaced.
func startClockedInstance(t *testing.T, clock func() time.Time) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cfg, err := LoadConfig(func(k string) string {
		return map[string]string{"PUBLIC_URL": base, "FETCH_LATENCY": "0s", "MOCK_SLOW_FETCH": "0s", "JOB_LEASE": "3s"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = storetest.NewURL(t)
	cfg.ShutdownDrain = 0 // no balancer to drain from
	db := storetest.OpenDB(t, cfg.DatabaseURL, 10)
	st := store.New(db)
	s, err := NewServer(cfg, st, WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	return &instance{Server: s, base: base, db: db, st: st}
}

// answer is a response read in full.
type answer struct {
	code   int
	header http.Header
	body   []byte
}

func (r answer) json(t *testing.T) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal(r.body, &out); err != nil {
		t.Fatalf("%d %q: %v", r.code, r.body, err)
	}
	return out
}

// get calls the aggregation API of a release level with extra headers.
func (a *aggClient) get(version, path string, header map[string]string) answer {
	a.t.Helper()
	req, _ := http.NewRequest("GET", a.in.base+"/aggregation/"+version+path, nil)
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return roundTrip(a.t, a.http, req)
}

func roundTrip(t *testing.T, c *http.Client, req *http.Request) answer {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, body}
}

// follow GETs a result link without a token until it stops answering 202.
func follow(t *testing.T, link string) answer {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		req, _ := http.NewRequest("GET", link, nil)
		r := roundTrip(t, http.DefaultClient, req)
		if r.code != http.StatusAccepted {
			return r
		}
		if r.header.Get("Retry-After") == "" {
			t.Fatalf("202 without Retry-After: %q", r.body)
		}
	}
	t.Fatalf("%s: still pending", link)
	return answer{}
}

// connectSubject connects a subject to the embedded bank as user and
// waits for its first fetch.
func connectSubject(t *testing.T, a *aggClient, subject, user string) map[string]any {
	t.Helper()
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": subject, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": user, "password": banks.TestPassword}})
	if code != 201 {
		t.Fatalf("connect %s: %d %v", subject, code, conn)
	}
	if conn["lastConsentStatus"] == "ok" {
		a.settled(conn["id"])
	}
	return conn
}

// linkOf reads the outputUri of a 202 and checks its expiry.
func linkOf(t *testing.T, r answer, now time.Time) string {
	t.Helper()
	if r.code != http.StatusAccepted {
		t.Fatalf("want 202, got %d %q", r.code, r.body)
	}
	body := r.json(t)
	link, _ := body["outputUri"].(string)
	expired, err := time.Parse(time.RFC3339, body["expiredAt"].(string))
	if !strings.Contains(link, "/results/") || err != nil || expired.Sub(now) < 23*time.Hour || r.header.Get("Location") != link {
		t.Fatalf("202 body %v, Location %q", body, r.header.Get("Location"))
	}
	return link
}
