// Package assertion verifies the JWTs with which a client authenticates
// by private_key_jwt (RFC 7523 §2.2, OpenID Connect Core §9): signed with
// one of the client's keys (ES256 or PS256), issued by and about the
// client, for this authorization server's issuer identifier (FAPI 2.0
// §5.3.2.1), short-lived and with a jti. It holds no state: the caller
// refuses a jti seen before.
package assertion
