package results_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/aggregation/results"
	"openbank/insight/score"
)

// yearUpload is a year of a subject's pound account up to the fixture's day
// (a monthly salary and rent, weekly groceries), a euro account with a few
// rows, and a pound row dated tomorrow.
func yearUpload(now time.Time) aggregation.UploadRequest {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var gbp, eur []aggregation.UploadTransaction
	for d := 0; d < 364; d += 7 {
		gbp = append(gbp, aggregation.UploadTransaction{Date: today.AddDate(0, 0, -d), Amount: -6400, Currency: "GBP",
			Description: "CARD PAYMENT TESCO STORES 2231"})
	}
	for m := range 12 {
		gbp = append(gbp,
			aggregation.UploadTransaction{Date: today.AddDate(0, -m, -2), Amount: 245000, Currency: "GBP", Description: "BGC ACME LOGISTICS LTD SALARY"},
			aggregation.UploadTransaction{Date: today.AddDate(0, -m, -1), Amount: -95000, Currency: "GBP", Description: "STANDING ORDER HOMELY LETTINGS RENT"})
	}
	gbp = append(gbp, aggregation.UploadTransaction{Date: today.AddDate(0, 0, 1), Amount: -1200, Currency: "GBP", Description: "CARD PAYMENT PRET A MANGER"})
	for m := range 3 {
		eur = append(eur, aggregation.UploadTransaction{Date: today.AddDate(0, -m, -5), Amount: -4_000_000, Currency: "EUR",
			Description: "ACHAT CB CARREFOUR PARIS"})
	}
	balance := int64(150000)
	return aggregation.UploadRequest{ClientID: "client-a", SubjectID: "s-1", Kind: aggregation.KindConsumer,
		RequestID: uuid.NewString(), Accounts: []aggregation.UploadAccount{
			{Name: "Main", IBAN: "GB82WEST12345698765432", Currency: "GBP", Balance: &balance, Transactions: gbp},
			{Name: "Compte", IBAN: "FR7630006000011234567890189", Currency: "EUR", Balance: &balance, Transactions: eur},
		}}
}

// TestAnalyticsOfTheNewestData asks for the analytics of an upload on its
// day and 98 days later: the figures are of the main currency, as of the
// newest row, the other currency apart; the row dated tomorrow is left out
// and counted until its day comes; a new day builds a new result, and data
// 97 days old is not scored.
func TestAnalyticsOfTheNewestData(t *testing.T) {
	t.Parallel()
	f := categorised(t)
	r := newResults(f)
	r.TTL = 365 * 24 * time.Hour // a result kept for long is still rebuilt on a new day
	ctx := context.Background()
	if _, err := f.svc.Upload(ctx, yearUpload(f.clock.Now())); err != nil {
		t.Fatal(err)
	}
	req := results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics}
	tests := []struct {
		name        string
		advance     time.Duration
		asOf        string
		age, future int
		reason      score.NotScoredReason
	}{
		{"on the upload's day", 0, "2026-03-10", 0, 1, ""},
		{"98 days later", 98 * 24 * time.Hour, "2026-03-11", 97, 0, score.StaleData}, // tomorrow's row has come
	}
	for _, tt := range tests {
		f.clock.Advance(tt.advance)
		var a results.Analytics
		if err := json.Unmarshal(answerOf(t, f, r, req), &a); err != nil {
			t.Fatal(err)
		}
		k := a.KPIs
		if k.Currency != "GBP" || k.AsOf != tt.asOf || k.DataAgeDays != tt.age || k.FutureDated != tt.future {
			t.Errorf("%s: %s KPIs as of %s, %d days old, %d future-dated; want GBP as of %s, %d days, %d",
				tt.name, k.Currency, k.AsOf, k.DataAgeDays, k.FutureDated, tt.asOf, tt.age, tt.future)
		}
		if len(a.OtherCurrencies) != 1 || a.OtherCurrencies[0].Currency != "EUR" ||
			a.OtherCurrencies[0].KPIs.Window(365).Spending.Outflows != 12_000_000 {
			t.Errorf("%s: other currencies %+v, want the euro account's 120,000.00 spent", tt.name, a.OtherCurrencies)
		}
		if out := k.Window(365).Spending.Outflows; out >= 12_000_000 {
			t.Errorf("%s: the pound figures hold the euros: %d out", tt.name, out)
		}
		for _, m := range a.CategoriesByMonth {
			if m.Out >= 4_000_000 {
				t.Errorf("%s: %s holds the euros: %d out", tt.name, m.Month, m.Out)
			}
		}
		switch {
		case tt.reason == "" && (a.Score == nil || a.NotScoredReason != nil):
			t.Errorf("%s: score %+v, reason %v; want a score", tt.name, a.Score, a.NotScoredReason)
		case tt.reason != "" && (a.Score != nil || a.NotScoredReason == nil || *a.NotScoredReason != tt.reason || !k.Stale):
			t.Errorf("%s: score %+v, reason %v, stale %v; want no score for %s", tt.name, a.Score, a.NotScoredReason, k.Stale, tt.reason)
		}
	}
}
