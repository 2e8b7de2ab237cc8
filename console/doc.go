// Package console owns the rules of the admin console that are neither
// HTTP nor SQL: its revocable sign-in sessions with their idle and absolute
// time-outs, the audit log every console and command-line change writes,
// the dashboard's figures, and a subject's report and PDF as the console
// asks the aggregation's results service for them.
package console
