package report

import (
	"errors"
	"time"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// reportWindow is the window, in days, a report describes.
const reportWindow = 365

// Report is what a loan officer reads about a subject: its accounts, score,
// balances, cash flow, spending, key figures and risk flags over the last
// year of its ledger. It is served as JSON and printed by RenderPDF.
type Report struct {
	Subject     ReportSubject   `json:"subject"`
	Period      ReportPeriod    `json:"period"`
	Currency    string          `json:"currency"` // the currency of the figures
	GeneratedAt time.Time       `json:"generatedAt"`
	Accounts    []ReportAccount `json:"accounts"`
	Score       *score.Score    `json:"score"` // nil when not scored
	// NotScoredReason says which minimum scoring criterion the data fails
	// when there is no score; nil with a score.
	NotScoredReason *score.NotScoredReason `json:"notScoredReason"`
	BalanceTimeline []BalancePoint         `json:"balanceTimeline"`
	Monthly         []ReportMonth          `json:"monthly"`
	Categories      []CategoryShare        `json:"categories"`
	KPIs            []KPIRow               `json:"kpis"`
	RiskFlags       []RiskFlag             `json:"riskFlags"`
}

// ReportSubject names whom a report is about.
type ReportSubject struct {
	ID   string             `json:"id"`
	Kind ledger.SubjectKind `json:"kind"`
}

// ReportPeriod is the first and last day a report covers, as YYYY-MM-DD.
type ReportPeriod struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// BuildReport builds the report of a subject's ledger on a request day:
// the KPIs of its main currency, as of its newest data, and its score when
// the minimum scoring criteria allow one, arranged for reading. generatedAt
// is printed as the time the report was made. The same arguments give the
// same report.
func BuildReport(subjectID string, l *ledger.Ledger, today, generatedAt time.Time) (*Report, error) {
	if len(l.Entries) == 0 {
		return nil, score.ErrNoHistory
	}
	cards, err := score.DefaultScorecards()
	if err != nil {
		return nil, err
	}
	k := kpi.ComputeKPIs(l, today)
	year, quarter := k.Window(reportWindow), k.Window(90)
	if year == nil || quarter == nil {
		return nil, errors.New("insight: the KPIs lack the 90- or 365-day window")
	}
	currency := k.Currency
	if currency == "" {
		currency = reportCurrency(l.Accounts)
	}
	r := &Report{Subject: ReportSubject{ID: subjectID, Kind: l.Kind},
		Period: ReportPeriod{From: year.From, To: year.To}, Currency: currency,
		GeneratedAt: generatedAt.UTC(), Accounts: reportAccounts(l.Accounts),
		BalanceTimeline: balancePoints(kpi.BalanceTimeline(l, today, reportWindow)),
		Monthly:         reportMonths(year.CashFlow.Monthly), Categories: categoryShares(&year.Spending),
		KPIs: kpiRows(l.Kind, quarter, year, currency), RiskFlags: riskFlags(year, currency)}
	if s, reason := cards.Assess(k); s != nil {
		r.Score = s
	} else {
		r.NotScoredReason = &reason
	}
	return r, nil
}

// reportCurrency is the currency of the first current account, else of the
// first account, else pounds: for accounts that give none.
func reportCurrency(accounts []ledger.LedgerAccount) string {
	for _, a := range accounts {
		if a.Type == ledger.CurrentAccount && a.Currency != "" {
			return a.Currency
		}
	}
	if len(accounts) > 0 && accounts[0].Currency != "" {
		return accounts[0].Currency
	}
	return "GBP"
}
