package web

import (
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/widget"
)

// Option changes how NewServer assembles a server.
type Option func(*Server)

// Clients is what the server needs of the OAuth client registry: the
// aggregation settings of a client and its display name.
type Clients interface {
	aggregation.Clients
	widget.ClientNames
}

// WithClock sets the server's clock, which every service and the mock banks read;
// tests move it instead of sleeping.
func WithClock(now func() time.Time) Option { return func(s *Server) { s.clock = now } }

// WithBanks adds bank providers besides the mock banks, e.g. a fake
// production bank in a test.
func WithBanks(providers ...banks.Provider) Option {
	return func(s *Server) { s.extraBanks = append(s.extraBanks, providers...) }
}

// WithSigner sets the key that signs callbacks.
func WithSigner(signer aggregation.Signer) Option { return func(s *Server) { s.signer = signer } }
