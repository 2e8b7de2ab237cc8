// Package insight computes KPIs, scores and reports from a subject's ledger,
// and trains the scorecards and the categoriser's model offline.
//
// Transactions are categorised by insight/categorise; the ledger types and
// the taxonomy they share are in insight/ledger.
package insight
