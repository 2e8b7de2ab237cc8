package results_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/aggregation/results"
	"openbank/insight/report"
	"openbank/store"
)

// newResults is the results of a fixture's store and clock.
func newResults(f *fixture) *results.Service {
	return &results.Service{Store: f.db, Clock: f.clock.Now,
		Links: results.LinkSigner{Base: "http://openbank.test", Keys: [][]byte{[]byte("key")}}}
}

// download follows a result link the way the storage endpoint reads it.
func download(t *testing.T, r *results.Service, link *results.Link) (*results.File, error) {
	t.Helper()
	u, err := url.Parse(link.URI)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(u.Path, results.Path)
	return r.Download(context.Background(), id, u.Query().Get("expires"), u.Query().Get("sig"))
}

// runBuilds runs the ready result builds and returns their errors; a
// failed build is retried an hour later.
func runBuilds(t *testing.T, f *fixture, r *results.Service) []error {
	t.Helper()
	var errs []error
	for {
		j, err := f.queue.ClaimJob(context.Background(), []string{results.BuildJob}, "test", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if j == nil {
			return errs
		}
		err = r.RunBuild(context.Background(), j)
		errs = append(errs, err)
		if err != nil {
			f.queue.RetryJob(context.Background(), j.ID, "test", time.Now().Add(time.Hour), err.Error(), false)
			continue
		}
		f.queue.FinishJob(context.Background(), j.ID, "test")
	}
}

// TestResultBuildWaitsForTheFetch asks for analytics while a fetch runs:
// the build waits, then builds once the fetch is over; the link gives the
// result until it expires, and the clean-up deletes it.
func TestResultBuildWaitsForTheFetch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newResults(f)
	ctx := context.Background()
	up, err := f.svc.Upload(ctx, coffeeUpload(0))
	if err != nil {
		t.Fatal(err)
	}
	f.raw.MustExec(`INSERT INTO fetches (connection_id, trigger, status) VALUES ($1, 'refetch', 'running')`, up.Connection.ID)
	a, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics})
	if err != nil || a.Link == nil || !a.Link.ExpiredAt.Equal(f.clock.Now().Add(results.DefaultTTL)) {
		t.Fatalf("while a fetch runs: %+v %v; want a link valid for a day", a, err)
	}
	polled, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics})
	if err != nil || polled.Link == nil || polled.Link.ResultID != a.Link.ResultID {
		t.Fatalf("asked again while the fetch runs: %+v %v; want the same pending result", polled, err)
	}
	if errs := runBuilds(t, f, r); len(errs) != 1 || errs[0] == nil {
		t.Fatalf("build during the fetch: %v; want it to wait", errs)
	}
	if file, err := download(t, r, a.Link); err != nil || file.Status != "pending" {
		t.Fatalf("pending download: %+v %v", file, err)
	}
	f.raw.MustExec(`UPDATE fetches SET status = 'succeeded' WHERE connection_id = $1`, up.Connection.ID)
	f.raw.MustExec(`UPDATE jobs SET run_at = now() WHERE state = 'queued'`)
	if errs := runBuilds(t, f, r); len(errs) != 1 || errs[0] != nil {
		t.Fatalf("build after the fetch: %v", errs)
	}
	file, err := download(t, r, a.Link)
	if err != nil || file.Status != "ready" || file.ContentType != results.ContentJSON || !strings.Contains(string(file.Body), `"subjectId":"s-1"`) {
		t.Fatalf("ready download: %+v %v", file, err)
	}
	again, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics})
	if err != nil || again.Link != nil || string(again.Body) != string(file.Body) {
		t.Fatalf("the stored result is answered at once: %+v %v", again, err)
	}
	f.clock.Advance(results.DefaultTTL)
	if _, err := download(t, r, a.Link); !errors.Is(err, results.ErrExpired) {
		t.Fatalf("at expiredAt: %v", err)
	}
	if err := r.RunCleanup(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Result(ctx, a.Link.ResultID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired result kept: %v", err)
	}
}

// TestReportOfASubjectWithoutTransactionsFails builds a PDF report of a
// subject whose only upload left no transactions: the result fails with
// the reason, for good.
func TestReportOfASubjectWithoutTransactionsFails(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newResults(f)
	ctx := context.Background()
	up, err := f.svc.Upload(ctx, coffeeUpload(0))
	if err != nil {
		t.Fatal(err)
	}
	f.raw.MustExec(`DELETE FROM transactions WHERE account_id IN (SELECT id FROM accounts WHERE connection_id = $1)`, up.Connection.ID)
	a, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindReportPDF})
	if err != nil || a.Link == nil {
		t.Fatalf("PDF: %+v %v", a, err)
	}
	runBuilds(t, f, r)
	file, err := download(t, r, a.Link)
	if err != nil || file.Status != "failed" || !strings.Contains(file.Reason, "no transactions") {
		t.Fatalf("failed download: %+v %v", file, err)
	}
	if _, err := r.Request(ctx, results.Request{ClientID: "client-b", SubjectID: "s-1", Kind: results.KindAnalytics}); !errors.Is(err, results.ErrUnknownSubject) {
		t.Fatalf("another client: %v", err)
	}
}

// TestReportShowsTheBanksAccountNames builds a JSON report: its accounts
// carry the names the bank (here the upload) gave and masked IBANs.
func TestReportShowsTheBanksAccountNames(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newResults(f)
	ctx := context.Background()
	if _, err := f.svc.Upload(ctx, coffeeUpload(0)); err != nil {
		t.Fatal(err)
	}
	a, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindReport})
	if err != nil || a.Link != nil {
		t.Fatalf("report: %+v %v", a, err)
	}
	var rep report.Report
	if err := json.Unmarshal(a.Body, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Accounts) != 1 || rep.Accounts[0].Name != "Main" || rep.Accounts[0].IBAN != "GB82 **** 5432" {
		t.Errorf("accounts %+v, want Main with GB82 **** 5432", rep.Accounts)
	}
}

// TestReportSaysHowOldTheDataIs builds a JSON report 40 days after an
// upload: it gives the days the account's stored transactions cover, lists
// them, and warns that the data, 47 days old, is stale.
func TestReportSaysHowOldTheDataIs(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newResults(f)
	ctx := context.Background()
	if _, err := f.svc.Upload(ctx, coffeeUpload(0)); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(40 * 24 * time.Hour)
	a, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindReport})
	if err != nil || a.Link != nil {
		t.Fatalf("report: %+v %v", a, err)
	}
	var rep report.Report
	if err := json.Unmarshal(a.Body, &rep); err != nil {
		t.Fatal(err)
	}
	acct := rep.Accounts[0]
	if acct.Transactions != 3 || acct.FirstTransaction == nil || *acct.FirstTransaction != "2026-03-02" ||
		acct.NewestTransaction == nil || *acct.NewestTransaction != "2026-03-03" {
		t.Errorf("account %+v", acct)
	}
	if f := rep.Freshness; f.NewestTransaction != "2026-03-03" || f.AgeDays != 47 || !f.Stale || f.Warning == "" {
		t.Errorf("freshness %+v, want 47 days old and stale", f)
	}
	if len(rep.Transactions) != 3 || rep.Transactions[0].Date != "2026-03-03" || rep.Transactions[0].Account != acct.ID {
		t.Errorf("transactions %+v", rep.Transactions)
	}
}
