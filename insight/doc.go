// Package insight trains the scorecards and the categoriser's model offline.
//
// Transactions are categorised by insight/categorise; the KPIs come from
// insight/kpi, the scores from insight/score and the reports from
// insight/report; the ledger types and the taxonomy they all share are in
// insight/ledger.
package insight
