// Package oauth is Openbank's OAuth 2.0 and OpenID Connect authorization
// server: clients and their grants, codes and PKCE, token signing and keys,
// refresh-token families, and the principal an access token speaks for. It
// is also the client registry the other services read (Registry), through
// one cache that UpdateClient and DeleteClient clear on every instance.
package oauth
