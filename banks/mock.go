package banks

import (
	"context"
	"sync"
	"time"
)

// DefaultSlowFetch is the wait a server should configure for the "slow" test user.
const DefaultSlowFetch = 20 * time.Second

// DefaultValidity is the consent lifetime when a request names none.
const DefaultValidity = 90 * 24 * time.Hour

// Options configure the mock banks.
type Options struct {
	Now       func() time.Time // the clock; time.Now when nil
	SlowFetch time.Duration    // how long the "slow" user's Accounts call waits; zero: no wait
	// ThrottleRetryAfter is the retry-after hint of the "throttled" user's
	// refusals; zero: one second.
	ThrottleRetryAfter time.Duration
}

// Sizes of a mock bank's memory of generated histories: summaries (a few
// hundred bytes each) answer fetches with nothing new; whole histories
// serve the calls of one fetch after the first.
const (
	summariesKept = 20_000
	historiesKept = 32
)

// Mock is one of the mock banks of country XF.
type Mock struct {
	spec      *bankSpec
	now       func() time.Time
	slow      time.Duration
	throttle  time.Duration
	calls     sync.Map // seed → *atomic.Int64: the "throttled" user's Accounts calls
	summaries *memo[summary]
	histories *memo[[]history]
}

// MockBanks returns the seven mock banks in display order.
func MockBanks(opts Options) []Provider {
	out := make([]Provider, len(mockSpecs))
	for i := range mockSpecs {
		out[i] = newMock(&mockSpecs[i], opts)
	}
	return out
}

// NewMock returns the mock bank with the given code.
func NewMock(code string, opts Options) (*Mock, error) {
	spec, ok := specFor(code)
	if !ok {
		return nil, ErrUnknownBank
	}
	return newMock(spec, opts), nil
}

func newMock(spec *bankSpec, opts Options) *Mock {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	throttle := opts.ThrottleRetryAfter
	if throttle <= 0 {
		throttle = time.Second
	}
	return &Mock{spec: spec, now: now, slow: opts.SlowFetch, throttle: throttle,
		summaries: newMemo[summary](summariesKept), histories: newMemo[[]history](historiesKept)}
}

// Info describes the bank.
func (m *Mock) Info() Info { return m.spec.info }

// StartSCA records the request; a mock bank needs nothing else to start.
func (m *Mock) StartSCA(ctx context.Context, req ConsentRequest) (Authorisation, error) {
	if err := ctx.Err(); err != nil {
		return Authorisation{}, err
	}
	return Authorisation{Bank: m.spec.info.Code, Seed: req.Seed, ValidFor: req.ValidFor,
		StartedAt: m.now().UTC(), SCA: m.spec.info.SCA}, nil
}

// CompleteSCA decides the consent from the test credential used (see docs/mock-banks.md).
// Wrong credentials and a missing or wrong one-time code leave the status new
// and return an error, so the login form can ask again.
func (m *Mock) CompleteSCA(ctx context.Context, auth Authorisation, cred Credentials) (Consent, error) {
	c := Consent{Bank: m.spec.info.Code, Seed: auth.Seed, Status: ConsentNew}
	if err := ctx.Err(); err != nil {
		return c, err
	}
	if auth.Bank != c.Bank {
		return c, ErrConsentNotGranted
	}
	name := cred.Username
	if auth.Challenge != "" && cred.Username == "" && cred.Password == "" {
		name = auth.Challenge // the password step passed; the code is owed
	} else if cred.Password != TestPassword {
		return c, ErrInvalidCredentials
	}
	user, ok := testUsers[name]
	if !ok {
		return c, ErrInvalidCredentials
	}
	if user.otp && m.spec.info.OneTimeCode {
		switch cred.OneTimeCode {
		case "":
			c.Challenge = name
			return c, ErrOneTimeCodeRequired
		case TestOneTimeCode:
		default:
			return c, ErrOneTimeCodeInvalid
		}
	}
	c.Status = user.status
	if c.Status != ConsentOK {
		return c, nil
	}
	c.Scenario, c.GrantedAt = user.scenario, m.now().UTC()
	valid := auth.ValidFor
	if valid <= 0 {
		valid = DefaultValidity
	}
	if c.Scenario == ScenarioExpiring {
		valid = ExpiringAfter
	}
	c.ValidUntil = c.GrantedAt.Add(valid)
	return c, nil
}
