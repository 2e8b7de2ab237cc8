// Package ratelimit limits the requests of each OAuth client to the JSON
// APIs: a token bucket per client in each instance's memory, so a request
// costs no database round trip. Every instance enforces its share of a
// client's limit, the limit divided by the instances alive; the instances
// announce themselves in PostgreSQL every few seconds, and there each
// instance also reads the clients' own limits. docs/security.md explains the
// choice.
package ratelimit
