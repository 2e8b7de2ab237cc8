// Package callback verifies the callbacks an Openbank server delivers: the
// JWS of X-Openbank-Signature (typ openbank-callback+jwt, checked against
// the server's /oauth2/jwks, with aud the receiving client's id, an
// expiry, and the SHA-256 of the exact body) and, when the client has an
// HMAC secret, the X-Openbank-Hmac-Sha256 header.
package callback
