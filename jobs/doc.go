// Package jobs runs durable background work kept in PostgreSQL: a pool
// claims jobs from the store's queue in batches (store.Store.ClaimJobs),
// runs each in its own goroutine with the handler of its kind, keeps all
// their leases alive with one statement, and retries failures with
// exponential back-off; a job that waits for an answer from outside
// snoozes (Snooze) to run again later. Two limits apply: many jobs may be
// in hand at once (Options.InFlight), but only a few work on the database
// or the CPU at once (Options.Workers, the work slots). A job holds its slot throughout,
// except while it waits on something outside (Yield); a job of a Waiting
// kind holds none, except while it works (Work). NOTIFY wakes the pool;
// the table drives it.
package jobs
