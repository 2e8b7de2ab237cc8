// Package xs2a connects to banks that speak the Berlin Group NextGenPSD2
// XS2A interface (version 1.3.x), for account information only: a
// Connector is a banks.Provider over HTTP with mutual TLS, and a Bank is
// one entry of the operator's bank directory (see LoadDirectory).
//
// The connector asks for a consent (POST /v1/consents), sends the subject
// to the bank's scaRedirect page, asks for the consent's status when the
// subject comes back, then reads accounts, balances and transactions
// (bookingStatus=both, following _links.next). Everything a bank answers
// is bounded (page size, number of pages, total size) and checked before
// it is used: a bad answer fails the fetch with its reason.
//
// See docs/banks.md for connecting a real bank.
package xs2a
