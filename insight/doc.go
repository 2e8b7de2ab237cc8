// Package insight reports on a subject's ledger, and trains the scorecards
// and the categoriser's model offline.
//
// Transactions are categorised by insight/categorise; the KPIs come from
// insight/kpi and the scores from insight/score; the ledger types and the
// taxonomy they all share are in insight/ledger.
package insight
