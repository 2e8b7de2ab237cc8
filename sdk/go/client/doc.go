// Package client connects the generated Openbank clients to a server: a
// client-credentials token source, a fresh X-Request-Id on every call that
// is kept when the call is retried (so a retried POST or DELETE is
// replayed, not done twice), retries of 429 and 503 answers after their
// Retry-After, and typed errors that carry the answer's fault.
package client
