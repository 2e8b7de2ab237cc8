package results_test

import (
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
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

// fixture is an aggregation service that uploads the subjects' data the
// results are built of, on a database of its own.
type fixture struct {
	svc   *aggregation.Service
	clock *clock
	db    *store.Store
	raw   *storetest.DB // for checks in SQL
	queue *store.Store
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := storetest.NewDB(t)
	clk := &clock{now: time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)}
	svc := &aggregation.Service{Store: store.New(db), Clock: clk.Now}
	return &fixture{svc: svc, clock: clk, db: svc.Store, raw: db, queue: svc.Store}
}

// categorised is the fixture with the insight categoriser.
func categorised(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	c, err := aggregation.NewInsight(f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Categoriser = c
	return f
}

func day(s string) time.Time {
	t, _ := time.Parse(time.DateOnly, s)
	return t
}

// coffeeUpload is a subject's salary and two coffees in one pound account.
func coffeeUpload(connectionID int64) aggregation.UploadRequest {
	coffee := aggregation.UploadTransaction{Date: day("2026-03-02"), Amount: -320, Currency: "GBP", Description: "COFFEE"}
	return aggregation.UploadRequest{ClientID: "client-a", SubjectID: "s-1", Kind: aggregation.KindConsumer,
		ConnectionID: connectionID, RequestID: uuid.NewString(), Accounts: []aggregation.UploadAccount{{
			Name: "Main", IBAN: "GB82WEST12345698765432", Currency: "GBP",
			Transactions: []aggregation.UploadTransaction{
				{Date: day("2026-03-03"), Amount: 250000, Currency: "GBP", Description: "ACME LTD SALARY"},
				coffee, coffee,
			},
		}}}
}
