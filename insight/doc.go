// Package insight is the index of the packages that categorise transactions
// and compute KPIs, scores and reports from a subject's ledger. It holds no
// code; each package below says what it owns in its own doc.go.
//
//   - insight/ledger: the Ledger of accounts and booked entries, the subject
//     and account kinds, and the taxonomy of category codes; every other
//     package imports it.
//   - insight/categorise: the categoriser at run time: normaliser,
//     dictionary, rules, recurrence and the naive Bayes model's prediction.
//   - insight/kpi: the KPIs of a ledger over 30, 90, 180 and 365 days, the
//     book they are computed on and the recurring payments.
//   - insight/score: the two scorecards at run time and the embedded model.
//   - insight/report: the report of a subject as JSON and as a PDF.
//   - insight/train: offline only, never imported by the server: the
//     categoriser's model, the persona population and the scorecards' fit
//     and validation, run by cmd/insight-train.
//
// Dependencies point one way: ledger ← categorise; ledger ← kpi ← score ←
// report; train imports them all and openbank/banks, which no other insight
// package imports.
package insight
