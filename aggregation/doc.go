// Package aggregation is the account-data aggregation service's domain: the
// connection and consent lifecycle, data fetches run as durable jobs, the
// daily refresh of recurring connections and the delivery of signed
// callbacks. It speaks to banks through the banks.Provider interface and
// keeps its records with store.Aggregation; it knows nothing of HTTP
// requests.
package aggregation
