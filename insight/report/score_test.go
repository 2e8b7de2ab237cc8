package report_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/score"
	"openbank/insight/train"
)

// TestReportWithoutScore builds reports of data the minimum scoring
// criteria refuse: no score, the criterion named, the figures still there,
// and the PDF says why.
func TestReportWithoutScore(t *testing.T) {
	accounts, txs := bankData(t, banks.ConsumerLowRisk, 3)
	l := train.LedgerFromBank(ledger.ConsumerSubject, accounts, txs, nil)
	newest := l.AsOf(scoreNow)
	recent := *l
	recent.Entries = nil
	for _, e := range l.Entries {
		if !e.Date.Before(newest.AddDate(0, 0, -30)) {
			recent.Entries = append(recent.Entries, e)
		}
	}
	tests := []struct {
		name  string
		l     *ledger.Ledger
		today string
		want  score.NotScoredReason
	}{
		{"a month of history", &recent, "2026-11-15", score.InsufficientHistory},
		{"data 60 days old", l, "2027-01-12", score.StaleData},
	}
	for _, tt := range tests {
		today := mustDay(t, tt.today)
		r, err := report.BuildReport("s", tt.l, today, reportGenerated)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != nil || r.NotScoredReason == nil || *r.NotScoredReason != tt.want || len(r.KPIs) == 0 {
			t.Errorf("%s: score %+v, reason %v, %d KPI rows; want no score for %s", tt.name, r.Score, r.NotScoredReason, len(r.KPIs), tt.want)
			continue
		}
		if r.Period.To != newest.Format("2006-01-02") {
			t.Errorf("%s: the period ends %s, want the newest transaction's day %s", tt.name, r.Period.To, newest.Format("2006-01-02"))
		}
		if text := pdfText(t, mustRender(t, r)); text != "" && !strings.Contains(text, tt.want.Text()) {
			t.Errorf("%s: the PDF does not say %q", tt.name, tt.want.Text())
		}
	}
}

// TestOneShareOfIncome reads a gambler without income (its pay taken as
// transfers from people): the key figures, the gambling flag and the score's
// reason give the same share of income.
func TestOneShareOfIncome(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		accounts, txs := bankData(t, banks.ConsumerHighRisk, seed)
		l := train.LedgerFromBank(ledger.ConsumerSubject, accounts, txs, nil)
		for i := range l.Entries {
			if ledger.Primary(l.Entries[i].Category) == "income" {
				l.Entries[i].Category = ledger.TransferIn
			}
		}
		r, err := report.BuildReport("s", l, scoreNow, reportGenerated)
		if err != nil {
			t.Fatal(err)
		}
		var share string
		for _, k := range r.KPIs {
			if k.Code == "gambling.shareOfIncome" {
				share = k.Last365
			}
		}
		if share == "" || share == "0%" {
			t.Fatalf("seed %d: gambling took %q of no income", seed, share)
		}
		if !strings.Contains(r.RiskFlags[0].Text, share) {
			t.Errorf("seed %d: the gambling flag says %q, the key figures %s", seed, r.RiskFlags[0].Text, share)
		}
		found := false
		for _, reason := range r.Score.Reasons {
			if reason.Code == "gamblingShare" {
				found = true
				if !strings.Contains(reason.Text, "took "+share+" of income") {
					t.Errorf("seed %d: the score says %q, the key figures %s", seed, reason.Text, share)
				}
			}
		}
		if !found {
			t.Errorf("seed %d: gambling is not among the reasons: %+v", seed, r.Score.Reasons)
		}
	}
}

// TestReportOfTheMainCurrency gives a pound customer a little-used euro
// account: the report's figures are in pounds and its balances leave the
// euros out.
func TestReportOfTheMainCurrency(t *testing.T) {
	accounts, txs := bankData(t, banks.ConsumerLowRisk, 2)
	l := train.LedgerFromBank(ledger.ConsumerSubject, accounts, txs, nil)
	var pounds int64
	for _, a := range l.Accounts {
		pounds += a.Balance
	}
	l.Accounts = append(l.Accounts, ledger.LedgerAccount{ID: "eur", Type: ledger.SavingsAccount, Currency: "EUR", Balance: 5_000_000})
	l.Entries = append(l.Entries, ledger.LedgerEntry{AccountID: "eur", Date: scoreNow.AddDate(0, -2, 0), Amount: 5_000_000})
	r, err := report.BuildReport("s", l, scoreNow, reportGenerated)
	if err != nil {
		t.Fatal(err)
	}
	last := r.BalanceTimeline[len(r.BalanceTimeline)-1].Balance
	if r.Currency != "GBP" || last != report.Amount(pounds) || len(r.Accounts) != len(l.Accounts) {
		t.Errorf("currency %s, last balance %s (want %s), %d accounts", r.Currency, last, report.Amount(pounds), len(r.Accounts))
	}
}

// pdfText is the text of a PDF by poppler's pdftotext, "" without it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext not installed: the PDF's text is not checked")
		return ""
	}
	cmd := exec.Command(tool, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func mustDay(t *testing.T, day string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	return d.Add(12 * time.Hour)
}
