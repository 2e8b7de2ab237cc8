// Package report builds what a loan officer reads about a subject over the
// last year of its ledger up to its newest data, in its main currency
// (BuildReport): its accounts, score and reasons (or why there is no score),
// daily balance, monthly money in and out, spending by category, key figures
// and risk flags. A Report is served as JSON, amounts as exact decimal
// strings (Amount), and printed as a PDF of the same content (RenderPDF).
//
// The ledger does not keep what a bank calls an account; LabelAccounts names
// the report's accounts and masks their IBANs. NiceScale is the charts' rule
// for round tick values, for every chart of a report to share.
//
// It imports insight/ledger, insight/kpi and insight/score.
package report
