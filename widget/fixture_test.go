package widget_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
	"openbank/store/storetest"
	"openbank/widget"
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

// fixture is a widget service over its own database, with a clock the
// tests move.
type fixture struct {
	svc   *widget.Service
	agg   *aggregation.Service
	clock *clock
	db    *store.Store
}

func newFixture(t *testing.T, settings aggregation.ClientSettings) *fixture {
	t.Helper()
	clk := &clock{now: time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)}
	reg := banks.NewRegistry(banks.MockBanks(banks.Options{Now: clk.Now})...)
	agg := &aggregation.Service{
		Store: store.New(storetest.NewDB(t)), Banks: reg, Clients: clients{"client-a": settings},
		Signer: fakeSigner{}, Clock: clk.Now, PublicURL: "http://openbank.test", HTTP: http.DefaultClient,
	}
	return &fixture{svc: widget.New(agg, widget.Options{}), agg: agg, clock: clk, db: agg.Store}
}

// drain runs every ready job of the given kinds, as a worker would.
func (f *fixture) drain(t *testing.T, kinds ...string) {
	t.Helper()
	handlers := f.agg.Handlers()
	for range 1000 {
		j, err := f.db.ClaimJob(context.Background(), kinds, "test", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if j == nil {
			return
		}
		if err := handlers[j.Kind](context.Background(), j); err != nil {
			f.db.RetryJob(context.Background(), j.ID, "test", time.Now().Add(time.Hour), err.Error(), false)
			continue
		}
		f.db.FinishJob(context.Background(), j.ID, "test")
	}
}
