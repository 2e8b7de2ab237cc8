// Package store owns Openbank's PostgreSQL schema and queries: the embedded,
// numbered migrations, transactions, and the mapping of constraint
// violations to the sentinel errors the domain packages understand.
//
// Store is the one entry point: every query is a method of it, and
// Store.InTx runs several atomically through a *Tx that has the same
// methods. A method that needs a transaction of its own joins the caller's
// when it is called on a Tx. Rules that are not SQL (consent levels,
// retention windows, retry counts) belong to the domain packages, which
// pass them in.
package store
