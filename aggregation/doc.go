// Package aggregation is the account-data aggregation service's domain: the
// connection and consent lifecycle, data fetches run as durable jobs, the
// daily refresh of recurring connections, uploads of data from elsewhere
// and the delivery of signed callbacks. It speaks to banks through the
// banks.Provider interface and keeps its records with store.Store; it owns
// the rules of the aggregation API (access, consent days, callback fields,
// idempotent replays), which its handlers call it for, and knows nothing of
// HTTP requests.
//
// A subject's analytics and reports are built from these records in
// aggregation/results, which imports this package; this package never
// imports it (web hands the results' daily clean-up to Service.DailyJobs).
//
// Uploads (upload*.go) and callbacks (callback*.go) stay here, by choice.
// Each is a step of a transaction the Service runs. An upload creates or
// locks a connection of provider upload and stores its accounts and rows in
// one transaction, categorised by the Service's categoriser as a fetch's
// rows are; its connection then lives the lifecycle of this package (a
// refetch refuses it, a deletion removes it). A callback is queued in the
// transaction that ends a fetch or runs the daily refresh, so an outcome
// and its notice commit together, and its delivery reads the client's
// settings (URLs, HMAC secret) through the Service's Clients. Rooms of
// their own would have to export those transactions' parts or repeat
// ClientSettings, and would read less plainly than files beside the fetch.
package aggregation
