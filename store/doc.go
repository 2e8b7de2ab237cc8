// Package store owns Openbank's PostgreSQL schema and queries: the embedded,
// numbered migrations, transactions, and the mapping of constraint
// violations to the sentinel errors the domain packages understand.
package store
