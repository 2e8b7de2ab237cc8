// Package oauth is Openbank's OAuth 2.0 and OpenID Connect authorization
// server: clients and their grants, codes and PKCE, token signing and keys,
// refresh-token families, and the principal an access token speaks for.
// Registry registers clients and users for the console and the commands;
// other services read clients through Clients, over one cache that
// Registry's UpdateClient and DeleteClient clear on every instance.
package oauth
