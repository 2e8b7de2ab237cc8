// Package portal is the developer portal's pages under /portal: sign-up,
// sign-in and password reset, the developer's test applications, their
// callback security, recent callbacks and API errors, and requests for
// production access. Every form carries the one CSRF guard's token; the
// sign-in keeps the authorization server's throttle.
package portal
