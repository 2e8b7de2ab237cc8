// Package console owns the rules of the admin console that are neither
// HTTP nor SQL: its revocable sign-in sessions with their idle and absolute
// time-outs, the audit log every console and command-line change writes,
// and the dashboard's figures.
package console
