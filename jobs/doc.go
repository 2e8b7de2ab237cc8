// Package jobs runs durable background work kept in PostgreSQL: a bounded
// pool of workers claims jobs from the store's queue (store.Store.ClaimJob),
// runs the handler of their kind, keeps their lease alive while they run,
// and retries failures with exponential back-off. NOTIFY wakes the workers;
// the table drives them.
package jobs
