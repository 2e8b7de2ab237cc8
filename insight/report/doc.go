// Package report builds what a loan officer reads about a subject over the
// last year of its ledger up to its newest data, in its main currency
// (BuildReport). First a summary: how fresh the data is and how far its
// categories can be trusted, its accounts and the days they cover, score and
// reasons (or why there is no score), daily balance, monthly money in and
// out, spending by category, key figures and risk flags. Then the detail
// behind it: income sources, lenders, recurring payments, returned payments,
// fees, days below zero, gambling, debt collectors and the last 90 days of
// transactions. A Report is served as JSON, amounts as exact decimal strings
// (Amount), and printed as a PDF of the same content (RenderPDF).
//
// The figures are the KPIs'; the lists that date what the KPIs count read
// the book the KPIs are computed on (kpi.Book): its entries with the marks
// the KPIs give them (kpi.Item) and its accounts' daily balances, so that
// they add up to the same counts and no rule of the KPIs is written twice.
//
// The ledger does not keep what a bank calls an account; LabelAccounts names
// the report's accounts and masks their IBANs. NiceScale is the charts' rule
// for round tick values, for every chart of a report to share.
//
// It imports insight/ledger, insight/kpi and insight/score.
package report
