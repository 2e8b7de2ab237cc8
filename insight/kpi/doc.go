// Package kpi computes the key figures of a subject's ledger on a request
// day: income, spending, cash flow, balances, fees, gambling, credit, housing
// and, for a business, its trade, over windows of 30, 90, 180 and 365 days
// (ComputeKPIs), and the payments that recur over the whole history.
//
// The figures are as of the newest transaction dated on or before the
// request day, and say how old it is; transactions dated later are left out
// and counted. Amounts of different currencies are never added: the KPIs are
// of the main currency (ComputeKPIs) or of each currency apart
// (ComputeByCurrency). Risk entries the categoriser was not sure of are left
// out of the risk figures and counted apart (UncertainKPIs), and every share
// of income divides by one base (IncomeBase).
//
// A ledger is prepared once as a book: its entries up to the as-of day in day
// order and every account's end-of-day balance, rebuilt backwards from
// today's balances. Moves between the subject's own accounts and debits given
// back are paired by amounts, without categories, so that the figures that
// need no categories leave them out too. Open gives the book itself (Book):
// its KPIs, its daily balances, and its entries with the marks the KPIs
// give them (Items), for the lists that date what the figures count.
//
// It imports insight/ledger only; insight/score reads its KPIs, insight/report
// its KPIs and its book.
package kpi
