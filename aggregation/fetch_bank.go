package aggregation

import (
	"context"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// Defaults of FetchPolicy.
const (
	DefaultBankConcurrency = 500
	DefaultThrottleRetries = 5
	DefaultThrottleBackoff = time.Second
)

// FetchPolicy paces the service's fetches with the banks.
type FetchPolicy struct {
	// BankConcurrency bounds the fetches waiting on one bank at once (in
	// this process); 0: DefaultBankConcurrency.
	BankConcurrency int
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
	if p.BankConcurrency <= 0 {
		p.BankConcurrency = DefaultBankConcurrency
	}
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
// waiting longer each time, up to ThrottleRetries times.
func (s *Service) askPatiently(ctx context.Context, code string, p banks.Provider, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	policy := s.Fetching.withDefaults()
	for retry := 0; ; retry++ {
		accounts, err := s.askBank(ctx, code, p, policy.BankConcurrency, consent, cursors)
		hint, throttled := banks.Throttled(err)
		if !throttled || retry == policy.ThrottleRetries {
			return accounts, err
		}
		s.gate.of(code, policy.BankConcurrency).throttled.Add(1)
		delay := max(hint, policy.ThrottleBackoff<<retry)
		s.log().InfoContext(ctx, "bank answered too many requests; asking again", "provider", code, "retry_in", delay.String())
		if err := sleep(ctx, delay); err != nil {
			return nil, err
		}
	}
}

// askBank downloads within the bank's concurrency limit, after the
// simulated latency.
func (s *Service) askBank(ctx context.Context, code string, p banks.Provider, limit int, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	b := s.gate.of(code, limit)
	select {
	case b.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-b.slots }()
	if err := sleep(ctx, s.Latency); err != nil {
		return nil, err
	}
	return Download(ctx, p, consent, cursors)
}

// bankGate holds each bank's concurrency limit and figures.
type bankGate struct {
	mu    sync.Mutex
	banks map[string]*bankLine
}

// bankLine is one bank's limit and figures.
type bankLine struct {
	slots     chan struct{} // one per fetch waiting on the bank
	throttled atomic.Int64  // "too many requests" answers met
}

func (g *bankGate) of(code string, limit int) *bankLine {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.banks == nil {
		g.banks = map[string]*bankLine{}
	}
	b, ok := g.banks[code]
	if !ok {
		b = &bankLine{slots: make(chan struct{}, limit)}
		g.banks[code] = b
	}
	return b
}

// BankFigure is one bank's fetch figures in this process.
type BankFigure struct {
	Bank      string
	InFlight  int   // fetches waiting on the bank now
	Throttled int64 // "too many requests" answers met since start
}

// BankFigures are the figures of every bank fetched from since start, by code.
func (s *Service) BankFigures() []BankFigure {
	s.gate.mu.Lock()
	defer s.gate.mu.Unlock()
	out := make([]BankFigure, 0, len(s.gate.banks))
	for code, b := range s.gate.banks {
		out = append(out, BankFigure{Bank: code, InFlight: len(b.slots), Throttled: b.throttled.Load()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bank < out[j].Bank })
	return out
}
