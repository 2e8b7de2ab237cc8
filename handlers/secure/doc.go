// Package secure is the server's one security-header policy: the
// Content-Security-Policy and the headers beside it that every response
// carries, and the two ways a page may relax it (being framed by a client's
// origins, posting a form to a client's redirect URI).
package secure
