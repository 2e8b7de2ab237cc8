package aggregation_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/egress"
	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// clock is a test clock that tests move forward.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

type clients map[string]aggregation.ClientSettings

func (c clients) Settings(_ context.Context, id string) (aggregation.ClientSettings, error) {
	return c[id], nil
}

type fakeSigner struct{}

func (fakeSigner) Sign(payload []byte) (string, error) { return "signed." + string(payload), nil }

type fixture struct {
	svc   *aggregation.Service
	clock *clock
	db    *store.Store
	raw   *storetest.DB // for checks in SQL
	queue *store.Store
}

func newFixture(t *testing.T, settings aggregation.ClientSettings) *fixture {
	t.Helper()
	db := storetest.NewDB(t)
	clk := &clock{now: time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)}
	reg := banks.NewRegistry(banks.MockBanks(banks.Options{Now: clk.Now})...)
	svc := &aggregation.Service{
		Store: store.New(db), Banks: reg, Clients: clients{"client-a": settings},
		Signer: fakeSigner{}, Clock: clk.Now, PublicURL: "http://openbank.test", HTTP: http.DefaultClient,
		Outbound: egress.Policy{AllowPrivate: true}, // the receivers are httptest servers on loopback
	}
	return &fixture{svc: svc, clock: clk, db: svc.Store, raw: db, queue: svc.Store}
}

// drain runs every ready job of the given kinds, as a worker would.
func (f *fixture) drain(t *testing.T, kinds ...string) {
	t.Helper()
	handlers := f.svc.Handlers()
	for range 1000 {
		j, err := f.queue.ClaimJob(context.Background(), kinds, "test", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if j == nil {
			return
		}
		if err := handlers[j.Kind](context.Background(), j); err != nil {
			f.queue.RetryJob(context.Background(), j.ID, "test", time.Now().Add(time.Hour), err.Error(), false)
			continue
		}
		f.queue.FinishJob(context.Background(), j.ID, "test")
	}
}

func (f *fixture) connect(t *testing.T, bank, user string) *aggregation.Connected {
	t.Helper()
	res, err := f.svc.Connect(context.Background(), aggregation.ConnectRequest{
		ClientID: "client-a", SubjectID: "42", Provider: bank, Access: aggregation.Recurring,
		Credentials:    &banks.Credentials{Username: user, Password: banks.TestPassword},
		CallbackFields: map[string]string{"customer": "c-1"}, RequestID: uuid.NewString(),
	})
	if err != nil {
		t.Fatalf("connect %s/%s: %v", bank, user, err)
	}
	return res
}

func TestEmbeddedConnectFetchesAndRefetchAddsOnlyNew(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	res := f.connect(t, "embedded-scenario", "user")
	if got := res.Connection.LastConsentStatus.String; got != "ok" || !res.Connection.ConsentValidUntil.Valid {
		t.Fatalf("consent %q valid=%v, want ok with an expiry", got, res.Connection.ConsentValidUntil.Valid)
	}
	f.drain(t, store.FetchJob)
	ctx := context.Background()
	accounts, err := f.db.Accounts(ctx, "client-a", res.Connection.ID)
	if err != nil || len(accounts) == 0 {
		t.Fatalf("accounts: %v %v", accounts, err)
	}
	first, _ := f.db.Transactions(ctx, accounts[0].ID, 0, 100000)
	if len(first) < 100 {
		t.Fatalf("only %d transactions after the first fetch", len(first))
	}
	last := first[len(first)-1].ID
	f.clock.Advance(7 * 24 * time.Hour)
	if _, err := f.svc.Refetch(ctx, "client-a", res.Connection.ID, nil, uuid.NewString(), ""); err != nil {
		t.Fatal(err)
	}
	f.drain(t, store.FetchJob)
	again, _ := f.db.Accounts(ctx, "client-a", res.Connection.ID)
	if again[0].ID != accounts[0].ID {
		t.Fatal("a refetch changed the account id")
	}
	newer, _ := f.db.Transactions(ctx, accounts[0].ID, last, 100000)
	if len(newer) == 0 {
		t.Fatal("a week later the refetch brought nothing new")
	}
	for _, tx := range newer {
		if tx.ID <= last {
			t.Fatalf("transaction %d is not newer than %d", tx.ID, last)
		}
	}
	fetches, _ := f.db.Fetches(ctx, "client-a", res.Connection.ID, 10)
	if len(fetches) != 2 || fetches[0].Status != "succeeded" || fetches[0].TransactionsAdded != len(newer)+countSuperseded(t, f, accounts[0].ID, last) {
		t.Fatalf("fetch history: %+v", fetches)
	}
	if err := f.db.DeleteConnection(ctx, "client-b", res.Connection.ID); err != store.ErrNotFound {
		t.Fatalf("another client deleted the connection: %v", err)
	}
	if err := f.db.DeleteConnection(ctx, "client-a", res.Connection.ID); err != nil {
		t.Fatal(err)
	}
	var left int
	f.raw.Get(&left, `SELECT count(*) FROM transactions WHERE account_id = $1`, accounts[0].ID)
	if left != 0 {
		t.Fatalf("%d transactions outlived their connection", left)
	}
}

func countSuperseded(t *testing.T, f *fixture, accountID, after int64) int {
	var n int
	f.raw.Get(&n, `SELECT count(*) FROM transactions WHERE account_id = $1 AND id > $2 AND superseded`, accountID, after)
	return n
}

func TestFetchOutcomesByCredential(t *testing.T) {
	t.Parallel()
	tests := []struct {
		user, consent, fetch string
		recoverable          bool
	}{
		{"user", "ok", "succeeded", false},
		{"sca-fail", "fail", "", false},
		{"consent-error", "ok", "failed", true},
		{"provider-error", "ok", "failed", false},
		{"maintenance", "ok", "failed", false},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, aggregation.ClientSettings{})
			res := f.connect(t, "embedded-scenario", tt.user)
			if got := res.Connection.LastConsentStatus.String; got != tt.consent {
				t.Fatalf("consent %q, want %q", got, tt.consent)
			}
			f.drain(t, store.FetchJob)
			fetches, _ := f.db.Fetches(context.Background(), "client-a", res.Connection.ID, 10)
			if tt.fetch == "" {
				if len(fetches) != 0 {
					t.Fatalf("a failed SCA fetched: %+v", fetches)
				}
				return
			}
			if len(fetches) != 1 || fetches[0].Status != tt.fetch || fetches[0].FlagErrorRecoverable.Bool != tt.recoverable {
				t.Fatalf("fetches: %+v", fetches)
			}
		})
	}
}

func TestCallbacksRetryUntilDelivered(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	var got aggregation.CallbackBody
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &got)
		if r.Header.Get(aggregation.HeaderSignature) == "" || r.Header.Get(aggregation.HeaderHMAC) == "" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
	}))
	defer srv.Close()
	f := newFixture(t, aggregation.ClientSettings{Callbacks: true, SuccessURL: srv.URL + "/ok?secret=s3", FailureURL: srv.URL + "/fail", HMACSecret: []byte("k")})
	res := f.connect(t, "embedded-scenario", "user")
	f.drain(t, store.FetchJob)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := jobs.NewPool(f.queue, map[string]jobs.Handler{store.CallbackJob: f.svc.DeliverCallback}, jobs.Options{PollInterval: 50 * time.Millisecond})
	go pool.Run(ctx)
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cbs, _ := f.db.CallbacksOf(context.Background(), res.Connection.ID); len(cbs) == 1 && cbs[0].Status == "delivered" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if got.ConnectionID != res.Connection.ID || got.CallbackFields["customer"] != "c-1" || got.EventID == "" || got.Event != aggregation.EventFetchSucceeded {
		t.Fatalf("callback body: %+v", got)
	}
	cbs, _ := f.db.CallbacksOf(context.Background(), res.Connection.ID)
	attempts, _ := f.db.CallbackAttempts(context.Background(), cbs[0].ID)
	if len(cbs) != 1 || len(attempts) != 2 || attempts[0].StatusCode.Int64 != 503 || attempts[1].StatusCode.Int64 != 200 {
		t.Fatalf("callbacks %+v attempts %+v", cbs, attempts)
	}
}

// TestCallbackDeliveryOutlastsAFailingReceiver makes one delivery attempt
// at a time against a receiver that refuses connections, then times out,
// then fails, then accepts: the callback is delivered once and every
// attempt is recorded.
func TestCallbackDeliveryOutlastsAFailingReceiver(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens: connection refused
	f := newFixture(t, aggregation.ClientSettings{Callbacks: true, SuccessURL: "http://" + addr + "/cb"})
	f.svc.HTTP = &http.Client{Timeout: 200 * time.Millisecond}
	f.connect(t, "embedded-scenario", "user")
	f.drain(t, store.FetchJob)
	ctx := context.Background()
	job, _ := f.queue.ClaimJob(ctx, []string{store.CallbackJob}, "t", time.Minute)
	if job == nil {
		t.Fatal("no callback queued")
	}
	if err := f.svc.DeliverCallback(ctx, job); err != nil || f.callbackStatus(t) != "pending" {
		t.Fatalf("delivered to a closed port: %v", err)
	}
	var calls atomic.Int64
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("port %s taken meanwhile: %v", addr, err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch calls.Add(1) {
		case 1:
			time.Sleep(time.Second) // longer than the client's timeout
		case 2:
			w.WriteHeader(http.StatusInternalServerError)
		}
	})}
	go srv.Serve(ln)
	defer srv.Close()
	for i := range 3 {
		err := f.svc.DeliverCallback(ctx, job)
		if want := map[bool]string{true: "delivered", false: "pending"}[i == 2]; err != nil || f.callbackStatus(t) != want {
			t.Fatalf("attempt %d: %v, want %s", i+2, err, want)
		}
	}
	cbs, _ := f.db.CallbacksOf(ctx, 1)
	attempts, _ := f.db.CallbackAttempts(ctx, cbs[0].ID)
	if cbs[0].Status != "delivered" || len(attempts) != 4 || attempts[0].StatusCode.Valid || attempts[1].StatusCode.Valid ||
		attempts[2].StatusCode.Int64 != 500 || attempts[3].StatusCode.Int64 != 200 {
		t.Fatalf("callback %s, attempts %+v", cbs[0].Status, attempts)
	}
	if err := f.svc.DeliverCallback(ctx, job); err != nil || calls.Load() != 3 {
		t.Fatalf("a delivered callback was sent again: %v, %d calls", err, calls.Load())
	}
}

// callbackStatus is the status of the fixture's only callback.
func (f *fixture) callbackStatus(t *testing.T) string {
	t.Helper()
	var status string
	if err := f.raw.Get(&status, `SELECT status FROM callbacks`); err != nil {
		t.Fatal(err)
	}
	return status
}

// TestDailyRefreshAndExpiryNotice moves the clock a day: one tick queues
// the daily refresh, which fetches the recurring connection again and, for
// a client that asked, announces the consent's coming expiry once.
func TestDailyRefreshAndExpiryNotice(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	f := newFixture(t, aggregation.ClientSettings{Callbacks: true, SuccessURL: srv.URL, ExpiryNoticeDays: 7})
	ctx := context.Background()
	res := f.connect(t, "embedded-scenario", "user")
	f.drain(t, store.FetchJob)
	f.raw.Exec(`UPDATE schedules SET last_run = $1`, f.clock.Now())
	f.clock.Advance(24 * time.Hour)
	for range 2 { // every instance ticks; only one queues the day's job
		if err := f.svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var queued int
	f.raw.Get(&queued, `SELECT count(*) FROM jobs WHERE kind = $1`, aggregation.DailyRefreshJob)
	f.drain(t, aggregation.DailyRefreshJob)
	f.drain(t, store.FetchJob)
	fetches, _ := f.db.Fetches(ctx, "client-a", res.Connection.ID, 10)
	if queued != 1 || len(fetches) != 2 || fetches[0].Trigger != "daily" || fetches[0].Status != "succeeded" {
		t.Fatalf("%d daily jobs; fetches %+v", queued, fetches)
	}
	f.clock.Advance(84 * 24 * time.Hour) // six days before the 90-day consent ends
	f.raw.Exec(`UPDATE schedules SET last_run = 'epoch'`)
	f.svc.Tick(ctx)
	f.drain(t, aggregation.DailyRefreshJob)
	f.svc.RunDailyRefresh(ctx, nil) // a second run the same day announces nothing new
	var notices int
	f.raw.Get(&notices, `SELECT count(*) FROM callbacks WHERE event = $1`, aggregation.EventConsentExpiring)
	if notices != 1 {
		t.Fatalf("%d consentExpiring callbacks, want 1", notices)
	}
}
