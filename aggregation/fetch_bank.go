package aggregation

import (
	"context"
	"time"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// Defaults of FetchPolicy.
const (
	DefaultThrottleRetries = 5
	DefaultThrottleBackoff = time.Second
)

// FetchPolicy paces the service's fetches with the banks.
type FetchPolicy struct {
	// ThrottleRetries is how many times one attempt asks again after a
	// bank's "too many requests"; 0: DefaultThrottleRetries.
	ThrottleRetries int
	// ThrottleBackoff is the first wait before asking again, doubling at
	// each retry and never shorter than the bank's hint; 0: DefaultThrottleBackoff.
	ThrottleBackoff time.Duration
	// RefreshWindow is the time the daily refresh spreads its fetches
	// over; 0 queues them all at once.
	RefreshWindow time.Duration
}

func (p FetchPolicy) withDefaults() FetchPolicy {
	if p.ThrottleRetries <= 0 {
		p.ThrottleRetries = DefaultThrottleRetries
	}
	if p.ThrottleBackoff <= 0 {
		p.ThrottleBackoff = DefaultThrottleBackoff
	}
	return p
}

// fromBank downloads what is new from the connection's bank holding no
// work slot (jobs.Yield), no database connection and no transaction.
func (s *Service) fromBank(ctx context.Context, code string, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	p, err := s.Banks.Bank(code)
	if err != nil {
		return nil, err
	}
	var accounts []store.AccountData
	err = jobs.Yield(ctx, func() error {
		var err error
		accounts, err = s.askPatiently(ctx, code, p, consent, cursors)
		return err
	})
	return accounts, err
}

// askPatiently asks the bank, and asks again after a "too many requests",
// waiting longer each time, up to ThrottleRetries times. A bank that asks
// for a longer wait than all those retries would take (its Retry-After,
// e.g. an ACCESS_EXCEEDED until the next day) ends the attempt at once:
// the job is tried again after the bank's hint (see failFetch).
func (s *Service) askPatiently(ctx context.Context, code string, p banks.Provider, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	policy := s.Fetching.withDefaults()
	longest := policy.ThrottleBackoff << policy.ThrottleRetries
	for retry := 0; ; retry++ {
		accounts, err := s.askBank(ctx, code, p, consent, cursors)
		hint, throttled := banks.Throttled(err)
		if throttled && hint > longest {
			s.Banking.line(code).throttle()
			s.log().InfoContext(ctx, "bank answered too many requests for longer than a fetch waits; the job retries later",
				"provider", code, "retry_in", hint.String())
		}
		if !throttled || retry == policy.ThrottleRetries || hint > longest {
			return accounts, err
		}
		s.Banking.line(code).throttle()
		delay := max(hint, policy.ThrottleBackoff<<retry)
		s.log().InfoContext(ctx, "bank answered too many requests; asking again", "provider", code, "retry_in", delay.String())
		if err := sleep(ctx, delay); err != nil {
			return nil, err
		}
	}
}

// askBank downloads within the bank's concurrency limit, after the
// simulated latency.
func (s *Service) askBank(ctx context.Context, code string, p banks.Provider, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	b := s.Banking.line(code)
	if err := b.enter(ctx); err != nil {
		return nil, err
	}
	defer b.leave()
	if err := sleep(ctx, s.Latency); err != nil {
		return nil, err
	}
	return Download(ctx, p, consent, cursors)
}
