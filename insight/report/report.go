package report

import (
	"errors"
	"time"

	"openbank/i18n"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// reportWindow is the window, in days, a report describes.
const reportWindow = 365

// Report is what a loan officer reads about a subject over the last year of
// its ledger, in its main currency: first a summary (how fresh and how well
// categorised the data is, its accounts, score, balances, cash flow,
// spending, key figures and risk flags), then the detail behind it (income
// sources, lenders, recurring payments, returned payments, fees, overdrafts,
// gambling, debt collectors and the last 90 days of transactions). It is
// served as JSON and printed by RenderPDF.
type Report struct {
	Subject        ReportSubject         `json:"subject"`
	Period         ReportPeriod          `json:"period"`
	Currency       string                `json:"currency"` // the currency of the figures
	GeneratedAt    time.Time             `json:"generatedAt"`
	Freshness      Freshness             `json:"freshness"`
	Categorisation CategorisationQuality `json:"categorisation"`
	Accounts       []ReportAccount       `json:"accounts"`
	Score          *score.Score          `json:"score"` // nil when not scored
	// NotScoredReason says which minimum scoring criterion the data fails
	// when there is no score; nil with a score.
	NotScoredReason  *score.NotScoredReason   `json:"notScoredReason"`
	BalanceTimeline  []BalancePoint           `json:"balanceTimeline"`
	Monthly          []ReportMonth            `json:"monthly"`
	Categories       []CategoryShare          `json:"categories"`
	KPIs             []KPIRow                 `json:"kpis"`
	RiskFlags        []RiskFlag               `json:"riskFlags"`
	Income           ReportIncome             `json:"income"`
	Lenders          []Lender                 `json:"lenders"`
	Recurring        []ReportRecurringPayment `json:"recurring"`
	ReturnedPayments []ReturnedPayment        `json:"returnedPayments"`
	Fees             []Fee                    `json:"fees"`
	Overdrafts       []OverdraftSpell         `json:"overdrafts"`
	Gambling         []GamblingOperator       `json:"gambling"`
	DebtCollectors   []DebtCollector          `json:"debtCollectors"`
	Transactions     []ReportTransaction      `json:"transactions"` // the last 90 days, newest first

	// lang is the language it is written in, one of i18n.Languages, ""
	// for English; not in its JSON, so RenderPDF prints a report read back
	// from JSON in English.
	lang string
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
// the minimum scoring criteria allow one, arranged for reading, with the
// lists behind them. generatedAt is printed as the time the report was
// made. The same arguments give the same report.
func BuildReport(subjectID string, l *ledger.Ledger, today, generatedAt time.Time) (*Report, error) {
	return buildReport(i18n.For(i18n.Default), subjectID, l, today, generatedAt)
}

// buildReport builds a report written in the language of p.
func buildReport(p i18n.Printer, subjectID string, l *ledger.Ledger, today, generatedAt time.Time) (*Report, error) {
	if len(l.Entries) == 0 {
		return nil, score.ErrNoHistory
	}
	cards, err := score.DefaultScorecards()
	if err != nil {
		return nil, err
	}
	book := kpi.Open(l, today)
	k := book.KPIs()
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
		GeneratedAt: generatedAt.UTC(), Freshness: freshnessOf(p, k), Accounts: reportAccounts(p, l, today),
		BalanceTimeline: balancePoints(book.Balances(reportWindow)),
		Monthly:         reportMonths(year.CashFlow.Monthly), Categories: categoryShares(p, &year.Spending),
		KPIs: kpiRows(p, l.Kind, quarter, year, currency), RiskFlags: riskFlags(p, year, currency)}
	if !english(p) {
		r.lang = p.Lang()
	}
	if s, reason := cards.Assess(k); s != nil {
		if !english(p) {
			s.Reasons = localReasons(p, k, s.Reasons)
		}
		r.Score = s
	} else {
		r.NotScoredReason = &reason
	}
	r.addDetail(book, k)
	return r, nil
}

// addDetail adds what lies behind the summary, from the book of the main
// currency whose KPIs k are, with the marks the KPIs give its entries: the
// categorisation's quality, the period's income sources, lenders, returned
// payments, fees, overdrafts, gambling and debt collectors, the recurring
// payments and the last 90 days of transactions.
func (r *Report) addDetail(book *kpi.Book, k *kpi.KPIs) {
	year := k.Window(reportWindow)
	period := book.Items(reportWindow)
	r.Categorisation = categorisationOf(period, year)
	r.Income = reportIncome(&year.Income)
	r.Lenders = lenders(period)
	r.Recurring = recurringPayments(k.Recurring)
	r.ReturnedPayments = returnedPayments(period)
	r.Fees = fees(period)
	r.Overdrafts = overdraftSpells(book, reportWindow)
	r.Gambling = gamblingOperators(period)
	r.DebtCollectors = debtCollectors(period)
	r.Transactions = transactions(book.Items(90))
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
