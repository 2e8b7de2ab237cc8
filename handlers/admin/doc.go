// Package admin is the admin console under /admin/: the sign-in with
// OpenID Connect (go-oidc) at Openbank's own issuer or an external one,
// the revocable console session, and the pages that manage showcases,
// their reminders and consents, OAuth clients, users and the aggregation's
// operations, with a subject's analytics drawn as server-side SVG charts
// and its PDF report. Every change goes through the domain packages the
// APIs use, so the console applies the same rules and limits, and is
// written to the audit log.
package admin
