// Package ratelimit answers each client's rate limit on the JSON APIs: the
// RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers on every
// answer behind the bearer middleware, and beyond the limit a 429 with
// Retry-After and the ErrorResponse of code 4290. The limiter itself is
// openbank/ratelimit.
package ratelimit
