// Package kpi computes the key figures of a subject's ledger as of a day:
// income, spending, cash flow, balances, fees, gambling, credit, housing and,
// for a business, its trade, over windows of 30, 90, 180 and 365 days
// (ComputeKPIs), and the payments that recur over the whole history.
//
// A ledger is prepared once as a book: its entries up to the as-of day in day
// order and every account's end-of-day balance, rebuilt backwards from
// today's balances. Moves between the subject's own accounts and debits given
// back are paired by amounts, without categories, so that the figures that
// need no categories leave them out too. BalanceTimeline gives the report the
// book's daily total balance.
//
// It imports insight/ledger only; insight/score and insight/report read its KPIs.
package kpi
