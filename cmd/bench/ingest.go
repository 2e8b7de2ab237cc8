package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// ingestRounds is how many fresh connections each ingest measurement saves.
const ingestRounds = 5

// measureIngest compares storing a 24-month history the way a fetch does
// (the categoriser, then one transaction: account upsert, COPY, pending
// links, stamps) with a raw COPY of the same rows into a table of the same
// shape, round by round in turn so that both meet the same machine; then
// it times the whole fetch job of the same history, from the bank's
// download to the commit.
func measureIngest(w io.Writer, db *sqlx.DB) error {
	ctx := context.Background()
	data, err := history(ctx)
	if err != nil {
		return err
	}
	rows := 0
	for _, a := range data {
		rows += len(a.Transactions)
	}
	svc, err := ingestService(store.New(db))
	if err != nil {
		return err
	}
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS bench_copy (LIKE transactions INCLUDING DEFAULTS INCLUDING INDEXES)`); err != nil {
		return err
	}
	var fetchTime, copyTime time.Duration
	for round := 1; round <= ingestRounds; round++ {
		took, err := timed(func() error { return saveAsFetch(ctx, svc, data) })
		if err != nil {
			return err
		}
		fetchTime += took
		if took, err = timed(func() error { return rawCopy(ctx, db, data, round) }); err != nil {
			return err
		}
		copyTime += took
	}
	if _, err := db.Exec(`DELETE FROM jobs`); err != nil { // the rounds' fetches are done; their jobs were never run
		return err
	}
	job, err := timeLargeFetch(ctx, svc)
	if err != nil {
		return err
	}
	if _, err := db.Exec(`DELETE FROM transactions; DELETE FROM connections WHERE client_id = 'bench'; DELETE FROM jobs; DROP TABLE bench_copy`); err != nil {
		return err
	}
	perSec := func(d time.Duration) float64 { return float64(rows*ingestRounds) / d.Seconds() }
	fmt.Fprintf(w, "\n%-44s %12s %12s %10s  %-12s %s\n", "ingest (large 24-month history)", "rows/s", "per fetch", "ratio", "target", "met")
	fmt.Fprintf(w, "%-44s %12.0f %12s %10s  %-12s %s\n", "raw COPY of the same rows", perSec(copyTime), ms(copyTime/ingestRounds), "-", "-", "-")
	fmt.Fprintf(w, "%-44s %12.0f %12s %10.2f  %-12s %s\n", fmt.Sprintf("fetch ingest, categorised (%d rows)", rows),
		perSec(fetchTime), ms(fetchTime/ingestRounds), perSec(fetchTime)/perSec(copyTime),
		fmt.Sprintf("≥%d/s", ingestTarget), yesNo(perSec(fetchTime) >= ingestTarget))
	fmt.Fprintf(w, "%-44s %12.0f %12s %10s  %-12s %s\n", "fetch job end to end (download → commit)",
		float64(rows)/job.Seconds(), ms(job), "-", "<1s", yesNo(job < time.Second))
	return nil
}

// ingestTarget is the rows/s a fetch must write.
const ingestTarget = 100_000

// yesNo is the met column of a checked target.
func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

// history downloads the "large" test user's data from Consumer Multi-Account.
func history(ctx context.Context) ([]store.AccountData, error) {
	p, err := banks.NewMock(banks.ConsumerMultiAccount, banks.Options{})
	if err != nil {
		return nil, err
	}
	auth, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: 7})
	if err != nil {
		return nil, err
	}
	consent, err := p.CompleteSCA(ctx, auth, banks.Credentials{Username: "large", Password: banks.TestPassword})
	if err != nil {
		return nil, err
	}
	return aggregation.Download(ctx, p, consent, map[string]string{})
}

// timed runs f once and returns how long it took.
func timed(f func() error) (time.Duration, error) {
	start := time.Now()
	err := f()
	return time.Since(start), err
}

// timeLargeFetch connects the "large" test user as a client and the
// subject would (the connection, then the bank's SCA page) and runs the
// fetch job that queues in this process, as a worker would, without the
// simulated bank latency: the time from the first call to the commit.
func timeLargeFetch(ctx context.Context, svc *aggregation.Service) (time.Duration, error) {
	bankSvc := *svc
	bankSvc.Clients = benchClients{}
	bankSvc.Banks = banks.NewRegistry(banks.MockBanks(banks.Options{Now: time.Now})...)
	return timed(func() error {
		connected, err := bankSvc.Connect(ctx, aggregation.ConnectRequest{ClientID: "bench", SubjectID: "large",
			Provider: banks.ConsumerMultiAccount, Access: aggregation.OneTime, RequestID: uuid.NewString(), ReturnTo: benchOrigin + "/back"})
		if err != nil {
			return err
		}
		if err := passSCAPage(ctx, &bankSvc, connected.SCARedirectURL, "large"); err != nil {
			return err
		}
		job, err := bankSvc.Store.ClaimJob(ctx, []string{store.FetchJob}, "bench", time.Minute)
		if err != nil {
			return err
		}
		if job == nil {
			return fmt.Errorf("large fetch: no fetch job was queued")
		}
		if err := bankSvc.RunFetch(ctx, job); err != nil {
			return err
		}
		return bankSvc.Store.FinishJob(ctx, job.ID, "bench")
	})
}

// passSCAPage signs in on a mock bank's SCA page as the subject would.
func passSCAPage(ctx context.Context, svc *aggregation.Service, link, username string) error {
	u, err := url.Parse(link)
	if err != nil {
		return err
	}
	page, err := svc.OpenSCAPage(ctx, banks.ConsumerMultiAccount, u.Query().Get("token"))
	if err != nil {
		return err
	}
	_, err = svc.SubmitSCAPage(ctx, page, banks.Credentials{Username: username, Password: banks.TestPassword}, false)
	return err
}

// ingestService is the aggregation service as far as the ingest needs it:
// the store and the server's categoriser.
func ingestService(st *store.Store) (*aggregation.Service, error) {
	categoriser, err := aggregation.NewInsight(st)
	if err != nil {
		return nil, err
	}
	return &aggregation.Service{Store: st, Clock: time.Now, Categoriser: categoriser}, nil
}

// saveAsFetch creates a connection with a queued fetch and stores data as
// that fetch's result, categorised, as a fetch job does.
func saveAsFetch(ctx context.Context, svc *aggregation.Service, data []store.AccountData) error {
	agg := svc.Store
	conn := &store.Connection{ClientID: "bench", SubjectID: "1", Provider: banks.ConsumerMultiAccount, Access: "one_time",
		ConsentDays: 1, CallbackFields: []byte("{}"), RequestID: "00000000-0000-4000-8000-000000000000"}
	f := &store.Fetch{Trigger: "connect", CallbackFields: []byte("{}")}
	err := agg.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		f.ConnectionID = conn.ID
		return tx.QueueFetch(ctx, f, aggregation.FetchMaxAttempts)
	})
	if err != nil {
		return err
	}
	_, err = svc.Ingest(ctx, f.ID, conn.ID, data, func(*store.Tx) error { return nil })
	return err
}

// rawCopy copies the rows, with the categories the fetch ingest gave them,
// with a bare COPY in one transaction: the floor the ingest is compared
// with.
func rawCopy(ctx context.Context, db *sqlx.DB, data []store.AccountData, round int) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := copyRows(ctx, tx, data, round); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func copyRows(ctx context.Context, tx *sqlx.Tx, data []store.AccountData, round int) error {
	stmt, err := tx.PrepareContext(ctx, `COPY bench_copy (account_id, provider_transaction_id, status,
		transaction_date, booking_date, value_date, amount, currency, balance_after, method, description,
		counterparty, counterparty_account, reference, replaces_id, fetch_id, category, category_confidence,
		merchant, categoriser_version) FROM STDIN`)
	if err != nil {
		return err
	}
	defer func() { _ = stmt.Close() }()
	for i, a := range data {
		for _, t := range a.Transactions {
			var booking, value any
			if t.BookingDate != nil {
				booking, value = t.BookingDate.Format(time.DateOnly), t.ValueDate.Format(time.DateOnly)
			}
			var merchant any
			if t.Category.Merchant != "" {
				merchant = t.Category.Merchant
			}
			if _, err := stmt.ExecContext(ctx, round*100+i, t.ProviderID, t.Status, t.TransactionDate.Format(time.DateOnly),
				booking, value, t.Amount, t.Currency, t.BalanceAfter, t.Method, t.Description, t.Counterparty,
				t.CounterpartyAccount, t.Reference, nil, 0, t.Category.Code, t.Category.Confidence, merchant,
				t.Category.Version); err != nil {
				return err
			}
		}
	}
	_, err = stmt.ExecContext(ctx)
	return err
}
