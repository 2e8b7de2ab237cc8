// Package insight scores and reports on a subject's ledger, and trains the
// scorecards and the categoriser's model offline.
//
// Transactions are categorised by insight/categorise; the KPIs the scores and
// reports read come from insight/kpi; the ledger types and the taxonomy they
// all share are in insight/ledger.
package insight
