package aggregation_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/egress"
	"openbank/jobs"
	"openbank/store"
)

// queueCallbacks queues n callbacks of client-a to target.
func (f *fixture) queueCallbacks(t *testing.T, n int, target string) {
	t.Helper()
	for range n {
		id := uuid.NewString()
		body, err := json.Marshal(aggregation.CallbackBody{EventID: id, Event: aggregation.EventFetchSucceeded})
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(target)
		if err != nil {
			t.Fatal(err)
		}
		cb := &store.Callback{ID: id, ClientID: "client-a", Event: aggregation.EventFetchSucceeded, URL: target,
			Endpoint: u.Scheme + "://" + u.Host, Body: body}
		if err := f.db.InTx(context.Background(), func(tx *store.Tx) error { return tx.QueueCallback(context.Background(), cb, 10) }); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRefusedCallbackIsRecordedAndNotRetried aims a callback at loopback:
// refused by the URL check before each attempt, and by the dialer when
// only the dialled address tells. Either way the reason is in the
// delivery log, the callback failed for good and nothing reached the
// receiver.
func TestRefusedCallbackIsRecordedAndNotRetried(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer srv.Close()
	tests := []struct {
		name     string
		outbound egress.Policy
		reason   string
	}{
		{"checked before the attempt", egress.Policy{}, "refused: 127.0.0.1 is loopback"},
		{"checked when dialling", egress.Policy{AllowPrivate: true}, "refused: 127.0.0.1 is loopback"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, aggregation.ClientSettings{Callbacks: true})
			f.svc.Outbound, f.svc.HTTP = tt.outbound, egress.Policy{}.Client(time.Second)
			f.queueCallbacks(t, 1, srv.URL+"/cb")
			ctx := context.Background()
			job, _ := f.queue.ClaimJob(ctx, []string{store.CallbackJob}, "t", time.Minute)
			if err := f.svc.DeliverCallback(ctx, job); err == nil {
				t.Fatal("a refused callback is not an error")
			}
			var attempts []store.CallbackAttempt
			f.raw.Select(&attempts, `SELECT callback_id, error, duration_ms FROM callback_attempts`)
			var state string
			f.raw.Get(&state, `SELECT state FROM jobs WHERE id = $1`, job.ID)
			if f.callbackStatus(t) != "failed" || len(attempts) != 1 || attempts[0].Error.String != tt.reason || state != "running" {
				t.Fatalf("callback %s, job %s, attempts %+v", f.callbackStatus(t), state, attempts)
			}
		})
	}
	if hits.Load() != 0 {
		t.Fatalf("%d requests reached loopback", hits.Load())
	}
}

// outage is a receiver that answers 503 until it is back, and records when
// each event was accepted.
type outage struct {
	mu       sync.Mutex
	up       bool
	backAt   time.Time
	accepted map[string][]time.Time
}

func (o *outage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.up {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	id := r.Header.Get(aggregation.HeaderEventID)
	o.accepted[id] = append(o.accepted[id], time.Now())
}

func (o *outage) back() {
	o.mu.Lock()
	o.up, o.backAt = true, time.Now()
	o.mu.Unlock()
}

// latest is how long after its return the receiver accepted the last of
// the events, and a description of any event accepted other than once.
func (o *outage) latest() (time.Duration, int, string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var last time.Duration
	var twice []string
	for id, at := range o.accepted {
		last = max(last, at[0].Sub(o.backAt))
		if len(at) != 1 {
			twice = append(twice, fmt.Sprintf("%s %d times", id, len(at)))
		}
	}
	return last, len(o.accepted), strings.Join(twice, ", ")
}

// TestQueuedCallbacksArriveSoonAfterTheReceiverReturns keeps a receiver
// down while ten callbacks back off, then brings it back: the endpoint is
// tried within the probe interval, and its first delivery pulls the
// others forward, so every callback arrives within about that interval of
// the return (the production schedule's 45 s probe, scaled down here), and
// none twice.
func TestQueuedCallbacksArriveSoonAfterTheReceiverReturns(t *testing.T) {
	t.Parallel()
	rcv := &outage{accepted: map[string][]time.Time{}}
	srv := httptest.NewServer(rcv)
	defer srv.Close()
	f := newFixture(t, aggregation.ClientSettings{Callbacks: true})
	probe := 500 * time.Millisecond
	f.svc.CallbackRetry = aggregation.RetrySchedule{First: time.Second, Max: time.Hour, Probe: probe}
	f.queueCallbacks(t, 10, srv.URL+"/cb")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := jobs.NewPool(f.queue, map[string]jobs.Handler{store.CallbackJob: f.svc.DeliverCallback},
		jobs.Options{Workers: 4, PollInterval: 20 * time.Millisecond})
	go pool.Run(ctx)
	time.Sleep(3500 * time.Millisecond) // a few back-offs of 1 s, 2 s, 4 s
	rcv.back()
	deadline := time.Now().Add(15 * time.Second)
	for _, n, _ := rcv.latest(); n < 10 && time.Now().Before(deadline); _, n, _ = rcv.latest() {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // room for a second delivery, which must not come
	last, n, twice := rcv.latest()
	t.Logf("the last of %d callbacks arrived %v after the receiver returned", n, last)
	if n != 10 || twice != "" || last > probe+time.Second {
		t.Fatalf("%d of 10 callbacks delivered, the last %v after the receiver's return (probe %v); delivered more than once: %s", n, last, probe, twice)
	}
	var pending int
	f.raw.Get(&pending, `SELECT count(*) FROM callbacks WHERE status <> 'delivered'`)
	if pending != 0 {
		t.Fatalf("%d callbacks not recorded as delivered", pending)
	}
}
