// Package results is the storage endpoint behind the outputUri of the
// aggregation API's 202 answers: a signed link gives a subject's analytics
// or report without a bearer token until it expires.
package results
