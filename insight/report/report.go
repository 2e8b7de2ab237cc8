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
	Subject         ReportSubject   `json:"subject"`
	Period          ReportPeriod    `json:"period"`
	Currency        string          `json:"currency"` // the currency of the figures
	GeneratedAt     time.Time       `json:"generatedAt"`
	Accounts        []ReportAccount `json:"accounts"`
	Score           *score.Score    `json:"score"`
	BalanceTimeline []BalancePoint  `json:"balanceTimeline"`
	Monthly         []ReportMonth   `json:"monthly"`
	Categories      []CategoryShare `json:"categories"`
	KPIs            []KPIRow        `json:"kpis"`
	RiskFlags       []RiskFlag      `json:"riskFlags"`
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

// BuildReport builds the report of a subject's ledger as of a day: the KPIs
// and the score of the ledger, arranged for reading. generatedAt is printed
// as the time the report was made. The same arguments give the same report.
func BuildReport(subjectID string, l *ledger.Ledger, asOf, generatedAt time.Time) (*Report, error) {
	if len(l.Entries) == 0 {
		return nil, score.ErrNoHistory
	}
	cards, err := score.DefaultScorecards()
	if err != nil {
		return nil, err
	}
	k := kpi.ComputeKPIs(l, asOf)
	year, quarter := k.Window(reportWindow), k.Window(90)
	if year == nil || quarter == nil {
		return nil, errors.New("insight: the KPIs lack the 90- or 365-day window")
	}
	currency := reportCurrency(l.Accounts)
	r := &Report{Subject: ReportSubject{ID: subjectID, Kind: l.Kind},
		Period: ReportPeriod{From: year.From, To: year.To}, Currency: currency,
		GeneratedAt: generatedAt.UTC(), Accounts: reportAccounts(l.Accounts), Score: cards.Score(k),
		BalanceTimeline: balancePoints(kpi.BalanceTimeline(l, asOf, reportWindow)),
		Monthly:         reportMonths(year.CashFlow.Monthly), Categories: categoryShares(&year.Spending),
		KPIs: kpiRows(l.Kind, quarter, year, currency), RiskFlags: riskFlags(year, currency)}
	return r, nil
}

// reportCurrency is the currency of the first current account, else of the
// first account, else pounds.
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
