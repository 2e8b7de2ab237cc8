// Package gateway is the HTTP adapter of the Showcase, Reminder and Consent
// gateway 1.1.0: one file per operation, each parsing the request into the
// JSON types of this package, calling gateway.Service and rendering JSON or
// an ErrorResponse.
package gateway
