// Package aggregation is the HTTP adapter of the account-data aggregation
// API (3.12.0 and 3.11.0): request tracking, idempotent retries,
// connections, consents, fetches, accounts and transactions.
package aggregation
