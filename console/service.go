package console

import (
	"time"

	"openbank/aggregation/results"
	"openbank/banks"
	"openbank/store"
)

// Default time-outs of a console session.
const (
	DefaultIdleTimeout = 30 * time.Minute
	DefaultMaxAge      = 12 * time.Hour
)

// Service is the console's domain: sessions, audit log and dashboard.
type Service struct {
	Store       *store.Store
	Clock       func() time.Time
	IdleTimeout time.Duration // a session unused this long has ended
	MaxAge      time.Duration // a session older than this has ended
	KeyRotation time.Duration // the signing keys' schedule; 0: by command only
	// Results builds subjects' analytics and reports, as for the API.
	Results *results.Service
	// Banks are the providers the aggregation connects to; nil: none shown.
	Banks *banks.Registry
}

// Now is the time on the server's clock.
func (s *Service) Now() time.Time { return s.now() }

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock()
}

func (s *Service) idle() time.Duration {
	if s.IdleTimeout <= 0 {
		return DefaultIdleTimeout
	}
	return s.IdleTimeout
}

func (s *Service) maxAge() time.Duration {
	if s.MaxAge <= 0 {
		return DefaultMaxAge
	}
	return s.MaxAge
}

// Lifetime is the absolute time-out of a session, the life of its cookie.
func (s *Service) Lifetime() time.Duration { return s.maxAge() }
