// Package egress is the policy of the server's outbound requests, such as
// callbacks to a client's URL: which URLs may be registered and which
// addresses may be dialled. It refuses loopback, private, link-local,
// multicast, unspecified and IPv4-mapped addresses in every spelling, once
// when a URL is registered and again inside the dialer on the address the
// name resolved to, so that a changed DNS record cannot lead a request into
// the operator's own network. Plain http and private addresses are allowed
// only when the policy says so, for local work.
package egress
