package report_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/score"
)

// TestReportFlags checks the risk flags of personas at both ends of the risk scale.
func TestReportFlags(t *testing.T) {
	tests := []struct {
		name string
		risk float64
		want map[string]bool
	}{
		{"high risk", 1, map[string]bool{"gambling": true, "returnedPayments": true, "overdraft": true, "paydayCredit": true,
			"debtCollection": true}},
		{"low risk", 0, map[string]bool{}},
	}
	for _, tt := range tests {
		for seed := int64(1); seed <= 3; seed++ {
			r := personaReport(t, ledger.ConsumerSubject, tt.risk, seed)
			for _, f := range r.RiskFlags {
				if f.Present != tt.want[f.Code] {
					t.Errorf("%s seed %d: %s present %v, want %v (%s)", tt.name, seed, f.Code, f.Present, tt.want[f.Code], f.Text)
				}
				if f.Present && (f.Count == 0 || f.Text == "") {
					t.Errorf("%s seed %d: %s present without count or text: %+v", tt.name, seed, f.Code, f)
				}
			}
		}
	}
}

// TestBuildReport checks the shape of a three-account consumer's report.
func TestBuildReport(t *testing.T) {
	r := bankReport(t, banks.ConsumerMultiAccount, ledger.ConsumerSubject, 11)
	// The year up to the newest transaction, booked on Friday 13 November.
	if r.Period != (report.ReportPeriod{From: "2025-11-14", To: "2026-11-13"}) || r.Currency != "GBP" {
		t.Errorf("period %+v currency %s", r.Period, r.Currency)
	}
	if len(r.Accounts) != 3 || r.Accounts[0].Name == report.AccountKindName(r.Accounts[0].Type) ||
		!strings.Contains(r.Accounts[0].IBAN, "****") {
		t.Errorf("accounts not labelled: %+v", r.Accounts)
	}
	if len(r.BalanceTimeline) != 365 || r.BalanceTimeline[364].Date != r.Period.To {
		t.Errorf("timeline has %d days ending %s", len(r.BalanceTimeline), r.BalanceTimeline[len(r.BalanceTimeline)-1].Date)
	}
	var end report.Amount
	for _, a := range r.Accounts {
		end += a.Balance
	}
	if got := r.BalanceTimeline[364].Balance; got != end {
		t.Errorf("last day's balance %s, want the accounts' %s", got, end)
	}
	if len(r.Monthly) != 12 || r.Score == nil || len(r.KPIs) != 13 || len(r.RiskFlags) != 5 {
		t.Errorf("%d months, score %v, %d KPI rows, %d flags", len(r.Monthly), r.Score, len(r.KPIs), len(r.RiskFlags))
	}
	var shares float64
	for i, c := range r.Categories {
		shares += c.Share
		if i > 0 && c.Amount > r.Categories[i-1].Amount {
			t.Errorf("categories not largest first at %s", c.Code)
		}
	}
	if math.Abs(shares-1) > 0.01 {
		t.Errorf("category shares add up to %v", shares)
	}
}

// TestBuildReportBusiness checks that a business's key figures are about its trade.
func TestBuildReportBusiness(t *testing.T) {
	r := bankReport(t, banks.BusinessLowRisk, ledger.BusinessSubject, 5)
	codes := map[string]bool{}
	for _, k := range r.KPIs {
		codes[k.Code] = true
	}
	for _, want := range []string{"business.revenue", "business.concentration", "business.runway"} {
		if !codes[want] {
			t.Errorf("no %s row in %v", want, codes)
		}
	}
	if codes["income.monthsWithSalary"] || r.Subject.Kind != ledger.BusinessSubject {
		t.Errorf("business report reads like a consumer's: %v", codes)
	}
}

// TestBuildReportStable checks that a report is a function of its arguments
// and survives a JSON round trip, amounts as decimal strings.
func TestBuildReportStable(t *testing.T) {
	a := personaReport(t, ledger.ConsumerSubject, 0.5, 7)
	b := personaReport(t, ledger.ConsumerSubject, 0.5, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two reports of the same ledger differ")
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"generatedAt":"2026-11-15T14:30:00Z"`, `"balanceTimeline":[{"date":`, `"riskFlags":[`,
		`"balance":"`, `"pd12m":`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
	var back report.Report
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, &back) {
		t.Error("the report changed in a JSON round trip")
	}
}

// TestBuildReportEmpty checks that a ledger without transactions has no report.
func TestBuildReportEmpty(t *testing.T) {
	_, err := report.BuildReport("s", &ledger.Ledger{Kind: ledger.ConsumerSubject}, scoreNow, reportGenerated)
	if !errors.Is(err, score.ErrNoHistory) {
		t.Errorf("got %v, want ErrNoHistory", err)
	}
}
