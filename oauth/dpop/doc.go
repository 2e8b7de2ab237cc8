// Package dpop verifies DPoP proofs (RFC 9449): a JWT of type dpop+jwt,
// signed with the private key whose public half its header carries, that
// names the request it goes with (htm, htu), when it was made (iat), a
// one-time jti and, at a resource server, the access token (ath). It holds
// no state: the caller refuses replayed jtis and checks nonces.
package dpop
