package admin

import (
	"fmt"
	"strings"
	"testing"

	"openbank/insight/report"
	"openbank/views"
)

// The console draws with the report's scale: the same range gives the same
// axis on screen and on paper.
func TestNiceScaleCoversTheRangeAndZero(t *testing.T) {
	tests := []struct {
		lo, hi         float64
		wantLo, wantHi float64
		wantTicks      int
	}{
		{0, 7_417_24, 0, 8_000_00, 5},
		{-1_034_46, 7_417_24, -2_500_00, 7_500_00, 5},
		{1_000, 1_000, 0, 100_00, 5},
		{0, 0, 0, 100_00, 5},
		{-5_000, -1_000, -100_00, 0, 5},
	}
	for _, tt := range tests {
		s, ticks := niceScale(tt.lo, tt.hi)
		if s.lo != tt.wantLo || s.hi != tt.wantHi || len(ticks) != tt.wantTicks {
			t.Errorf("niceScale(%v, %v) = %v..%v with %d ticks %v, want %v..%v with %d", tt.lo, tt.hi, s.lo, s.hi, len(ticks), ticks,
				tt.wantLo, tt.wantHi, tt.wantTicks)
		}
		if y := s.y(s.hi); y != plotTop {
			t.Errorf("the top of %v..%v is drawn at %v", s.lo, s.hi, y)
		}
	}
}

func TestEveryOtherKeepsTheLastMark(t *testing.T) {
	tests := []struct{ marks, want int }{{3, 3}, {6, 6}, {7, 4}, {12, 6}, {13, 7}}
	for _, tt := range tests {
		marks := make([]views.AdminTick, tt.marks)
		for i := range marks {
			marks[i].Label = fmt.Sprint(i)
		}
		got := everyOther(marks)
		if len(got) != tt.want || got[len(got)-1].Label != fmt.Sprint(tt.marks-1) {
			t.Errorf("everyOther of %d: %v", tt.marks, got)
		}
	}
}

func TestChartsOfAReport(t *testing.T) {
	r := &report.Report{Currency: "GBP", Period: report.ReportPeriod{From: "2026-01-01", To: "2026-03-31"}}
	for d := 0; d < 90; d++ {
		date := fmt.Sprintf("2026-%02d-%02d", 1+d/30, 1+d%30)
		r.BalanceTimeline = append(r.BalanceTimeline, report.BalancePoint{Date: date, Balance: report.Amount(d*1000 - 20_000)})
	}
	for m := 1; m <= 3; m++ {
		r.Monthly = append(r.Monthly, report.ReportMonth{To: fmt.Sprintf("2026-%02d-28", m), Income: 300_000, Spending: 250_000, Net: 50_000})
	}
	for i := range 11 {
		r.Categories = append(r.Categories, report.CategoryShare{Code: fmt.Sprint(i), Label: fmt.Sprint("c", i), Amount: report.Amount(10_000 - i*100), Share: 0.09})
	}
	balance, flows, categories := balanceChart(r), flowsChart(r), categoryChart(r)
	if n := strings.Count(balance.Line, "L"); n != 89 || balance.Zero == "" || len(balance.XTicks) != 3 {
		t.Errorf("balance: %d segments, zero %q, %d month marks", n, balance.Zero, len(balance.XTicks))
	}
	if len(flows.Bars) != 6 || len(flows.XTicks) != 3 || !strings.Contains(flows.Desc, "£9,000.00 came in") {
		t.Errorf("flows: %d bars, %d labels, %q", len(flows.Bars), len(flows.XTicks), flows.Desc)
	}
	if len(categories.Bars) != categoryShown || categories.Labels[2*categoryShown-2].Text != "Other" {
		t.Errorf("categories: %d bars, last %+v", len(categories.Bars), categories.Labels[len(categories.Labels)-2])
	}
	if got := monthEnds(r); len(got) != 3 || got[2].Label != "2026-03-30" {
		t.Errorf("month ends %v", got)
	}
}
