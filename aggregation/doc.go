// Package aggregation is the account-data aggregation service's domain: the
// connection and consent lifecycle, data fetches run as durable jobs, the
// daily refresh of recurring connections and the delivery of signed
// callbacks. It speaks to banks through the banks.Provider interface and
// keeps its records with store.Store; it owns the rules of the aggregation
// API (access, consent days, callback fields, idempotent replays), which
// its handlers call it for, and knows nothing of HTTP requests.
package aggregation
