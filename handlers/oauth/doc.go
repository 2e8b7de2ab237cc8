// Package oauth is the HTTP face of the authorization server: the token,
// authorization, revocation, introspection, userinfo, JWKS and discovery
// endpoints. Protocol decisions live in the oauth package; this one parses,
// calls it and renders RFC 6749 answers or pages.
package oauth
