// Package ledger holds what every insight room shares: a subject's Ledger of
// accounts and booked entries, the kinds of subject and account, and the
// category codes of the taxonomy with their order, which is also the class
// order of the categoriser's model.
//
// It imports nothing of the project; categorise, kpi, score, report and
// train import it.
package ledger
