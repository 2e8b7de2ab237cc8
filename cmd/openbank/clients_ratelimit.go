package main

import (
	"context"
	"fmt"

	"openbank/store"
)

// rateLimitUsage describes the --rate-limit flag of client create and update.
const rateLimitUsage = "API requests per RATE_LIMIT_WINDOW for this client, shared by all instances; 0: RATE_LIMIT_REQUESTS"

// maxRateLimit is the highest limit a client may be given, as for RATE_LIMIT_REQUESTS.
const maxRateLimit = 1_000_000_000

// checkRateLimit validates a --rate-limit value; unset is the flag's value
// when it was not given.
func checkRateLimit(n, unset int) error {
	if n != unset && (n < 0 || n > maxRateLimit) {
		return fmt.Errorf("--rate-limit must be from 0 (the default) to %d requests per window", maxRateLimit)
	}
	return nil
}

// setRateLimit stores a client's own rate limit when one was given (n > 0,
// or 0 to return to the default) and shows it on c.
func setRateLimit(ctx context.Context, st *store.Store, c *store.Client, n int) error {
	if n < 0 || n == c.RateLimit {
		return nil
	}
	if err := st.SetClientRateLimit(ctx, c.ClientID, n); err != nil {
		return err
	}
	c.RateLimit = n
	return nil
}
