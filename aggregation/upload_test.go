package aggregation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/store"
)

// fixedCategoriser files money out under groceries and money in under
// salary, and records what it was asked.
type fixedCategoriser struct {
	kind string
	own  []string
	n    int
}

func (c *fixedCategoriser) CategoriseBatch(_ context.Context, _, kind string, own []string, txs []aggregation.CategoryInput) ([]aggregation.Category, error) {
	c.kind, c.own, c.n = kind, own, len(txs)
	out := make([]aggregation.Category, len(txs))
	for i, t := range txs {
		out[i] = aggregation.Category{Code: "income.salary", Confidence: 0.8, Version: 7}
		if t.Amount < 0 {
			out[i] = aggregation.Category{Code: "living.groceries", Confidence: 0.9, Merchant: "Tesco", Version: 7}
		}
	}
	return out, nil
}

func day(s string) time.Time {
	t, _ := time.Parse(time.DateOnly, s)
	return t
}

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

func TestUploadCategorisesAndAddsEachRowOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	cat := &fixedCategoriser{}
	f.svc.Categoriser = cat
	ctx := context.Background()
	first, err := f.svc.Upload(ctx, coffeeUpload(0))
	if err != nil || first.Added != 3 || first.Duplicates != 0 || !first.Accounts[0].Created {
		t.Fatalf("first upload: %+v %v", first, err)
	}
	c := first.Connection
	if c.Provider != aggregation.UploadProvider || c.LastConsentStatus.String != "ok" || c.ConsentValidUntil.Valid || !c.LastSuccessfulFetchAt.Valid {
		t.Fatalf("connection %+v", c)
	}
	if cat.kind != "consumer" || cat.n != 3 || len(cat.own) != 2 {
		t.Fatalf("categoriser asked kind %q own %v for %d rows", cat.kind, cat.own, cat.n)
	}
	again, err := f.svc.Upload(ctx, coffeeUpload(c.ID))
	if err != nil || again.Added != 0 || again.Duplicates != 3 || again.Accounts[0].ID != first.Accounts[0].ID {
		t.Fatalf("same rows again: %+v %v", again, err)
	}
	third := coffeeUpload(c.ID)
	third.Accounts[0].Transactions = append(third.Accounts[0].Transactions, third.Accounts[0].Transactions[1])
	if more, err := f.svc.Upload(ctx, third); err != nil || more.Added != 1 || more.Duplicates != 3 {
		t.Fatalf("a third identical coffee: %+v %v", more, err)
	}
	txs, _ := f.db.Transactions(ctx, first.Accounts[0].ID, 0, 100)
	if len(txs) != 4 || txs[0].Description != "COFFEE" || txs[2].Description != "ACME LTD SALARY" || txs[0].Method != "upload" {
		t.Fatalf("stored %+v, want date order within the upload", txs)
	}
	var kinds []string
	f.raw.Select(&kinds, `SELECT category || ':' || categoriser_version FROM transactions ORDER BY id`)
	if len(kinds) != 4 || kinds[0] != "living.groceries:7" || kinds[2] != "income.salary:7" {
		t.Fatalf("categories %v", kinds)
	}
	var subjectKind string
	f.raw.Get(&subjectKind, `SELECT subject_kind FROM connections WHERE id = $1`, c.ID)
	if subjectKind != "consumer" {
		t.Fatalf("subject kind %q", subjectKind)
	}
}

func TestUploadWithoutCategoriserStoresVersionZero(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	if _, err := f.svc.Upload(context.Background(), coffeeUpload(0)); err != nil {
		t.Fatal(err)
	}
	var uncategorised int
	f.raw.Get(&uncategorised, `SELECT count(*) FROM transactions WHERE category IS NULL AND categoriser_version = 0`)
	if uncategorised != 3 {
		t.Fatalf("%d uncategorised rows, want 3", uncategorised)
	}
}

func TestUploadRefusesForeignTargetsAndStoresNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	ctx := context.Background()
	bank := f.connect(t, "embedded-scenario", "user")
	up, err := f.svc.Upload(ctx, coffeeUpload(0))
	if err != nil {
		t.Fatal(err)
	}
	otherSubject := coffeeUpload(up.Connection.ID)
	otherSubject.SubjectID = "s-2"
	otherClient := coffeeUpload(up.Connection.ID)
	otherClient.ClientID = "client-b"
	otherKind := coffeeUpload(up.Connection.ID)
	otherKind.Kind = aggregation.KindBusiness
	otherCurrency := coffeeUpload(up.Connection.ID)
	otherCurrency.Accounts = append(otherCurrency.Accounts, aggregation.UploadAccount{Name: "New", Currency: "GBP",
		Transactions: otherCurrency.Accounts[0].Transactions[:1]})
	otherCurrency.Accounts[0].Currency = "EUR"
	tests := []struct {
		name string
		req  aggregation.UploadRequest
		want error
	}{
		{"a bank connection", coffeeUpload(bank.Connection.ID), aggregation.ErrUploadConflict},
		{"another subject", otherSubject, aggregation.ErrUploadConflict},
		{"another kind", otherKind, aggregation.ErrUploadConflict},
		{"an account in another currency", otherCurrency, aggregation.ErrUploadConflict},
		{"another client's connection", otherClient, store.ErrNotFound},
		{"no account", aggregation.UploadRequest{ClientID: "client-a", SubjectID: "s", Kind: "consumer"}, nil},
	}
	for _, tt := range tests {
		_, err := f.svc.Upload(ctx, tt.req)
		var fe *aggregation.FieldError
		if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || (tt.want == nil && !errors.As(err, &fe)) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	var accounts, rows int
	f.raw.Get(&accounts, `SELECT count(*) FROM accounts a JOIN connections c ON c.id = a.connection_id WHERE c.provider = 'upload'`)
	f.raw.Get(&rows, `SELECT count(*) FROM transactions WHERE provider_transaction_id LIKE 'up\_%'`)
	if accounts != 1 || rows != 3 {
		t.Fatalf("refused uploads stored something: %d accounts, %d rows", accounts, rows)
	}
}

func TestUploadConnectionsAreNeverFetched(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	ctx := context.Background()
	up, err := f.svc.Upload(ctx, coffeeUpload(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Refetch(ctx, "client-a", up.Connection.ID, nil, uuid.NewString(), "")
	if !errors.Is(err, aggregation.ErrNothingToFetch) || !errors.Is(err, aggregation.ErrConsentNotOK) {
		t.Fatalf("refetch: %v", err)
	}
	f.clock.Advance(48 * time.Hour)
	due, err := f.db.RecurringDue(ctx, f.clock.Now(), f.clock.Now().Truncate(24*time.Hour))
	if err != nil || len(due) != 0 {
		t.Fatalf("due for the daily refresh: %v %v", due, err)
	}
	if err := f.svc.RunDailyRefresh(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if fetches, _ := f.db.Fetches(ctx, "client-a", up.Connection.ID, 10); len(fetches) != 0 {
		t.Fatalf("fetches of an upload connection: %+v", fetches)
	}
	if err := f.svc.DeleteConnection(ctx, "client-a", up.Connection.ID); err != nil {
		t.Fatal(err)
	}
	var rows int
	f.raw.Get(&rows, `SELECT count(*) FROM transactions`)
	if rows != 0 {
		t.Fatalf("%d rows left after delete", rows)
	}
}
