package oauth

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"openbank/egress"
	"openbank/store"
)

// Config is what the authorization server is told at start.
type Config struct {
	Issuer          string
	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	CodeTTL         time.Duration
	KeyRotation     time.Duration // 0: keys rotate only by command
	DatabaseURL     string        // for LISTEN; empty: revocations are polled only
	Throttle        Throttle
	HashConcurrency int              // password checks in flight; 0: DefaultHashConcurrency
	HashWait        time.Duration    // longest wait for a check's turn; 0: DefaultHashWait
	SessionTTL      time.Duration    // sign-in sessions of the authorize page; 0: 12 hours
	Clock           func() time.Time // the server's clock; nil: time.Now
	Egress          egress.Policy    // where clients' jwks_uri may be fetched from
	// MutualTLS: a trusted TLS terminator passes client certificates
	// (CLIENT_CERT_HEADER), so tls_client_auth and certificate-bound
	// tokens work.
	MutualTLS bool
}

// Server is the authorization server's domain: it authenticates clients
// and users, issues and verifies tokens and keeps the revocations.
type Server struct {
	db        *store.Store
	cfg       Config
	now       func() time.Time
	keys      *KeySet
	revoked   *revocations
	cache     *tokenCache
	clients   *clientCache
	origins   *originCache
	throttles *throttleCache
	hashes    *hashSlots
	nonces    nonces
	seen      *seenBatcher // records DPoP and client assertion jtis in group commits
	jwks      *jwksCache
	http      *http.Client // fetches clients' jwks_uri under cfg.Egress
	stop      context.CancelFunc
	wg        sync.WaitGroup
	// firstParty holds the ids of the clients that are part of Openbank
	// (TrustFirstParty).
	firstParty sync.Map
}

// New loads the keys and revocations and starts the background work: the
// revocation listener, key reloads and scheduled rotation, clean-ups.
func New(ctx context.Context, db *store.Store, cfg Config) (*Server, error) {
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.CodeTTL == 0 {
		cfg.CodeTTL = 60 * time.Second
	}
	if cfg.Throttle == (Throttle{}) {
		cfg.Throttle = DefaultThrottle
	}
	if cfg.SessionTTL == 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	s := &Server{db: db, cfg: cfg, now: cfg.Clock, cache: newTokenCache(200_000), clients: newClientCache(),
		origins: newOriginCache(), jwks: newJWKSCache(), http: cfg.Egress.Client(jwksTimeout), throttles: newThrottleCache(), hashes: newHashSlots(cfg.HashConcurrency, cfg.HashWait)}
	var err error
	if s.keys, err = NewKeySet(ctx, db, cfg.Clock, cfg.AccessTokenTTL+5*time.Minute); err != nil {
		return nil, err
	}
	if s.nonces, err = loadNonces(ctx, s); err != nil {
		return nil, err
	}
	changed := func(clientID string) { s.clients.drop(clientID); s.origins.clear() }
	if s.revoked, err = newRevocations(ctx, db, cfg.DatabaseURL, changed); err != nil {
		return nil, err
	}
	bg, stop := context.WithCancel(context.WithoutCancel(ctx))
	s.stop = stop
	s.wg.Go(func() { s.revoked.run(bg) })
	s.wg.Go(func() { s.maintain(bg) })
	s.seen = newSeenBatcher(db.SeeEach, seenBatchMax, seenFlushes)
	s.wg.Go(func() { s.seen.run(bg) })
	return s, nil
}

// Close stops the background work.
func (s *Server) Close() {
	s.stop()
	s.wg.Wait()
}

// Keys is the signing key set.
func (s *Server) Keys() *KeySet { return s.keys }

// MutualTLS reports whether client certificates reach the server.
func (s *Server) MutualTLS() bool { return s.cfg.MutualTLS }

// Issuer is the iss of every token.
func (s *Server) Issuer() string { return s.cfg.Issuer }

// maintain reloads keys each minute (rotating on schedule) and prunes what
// expired.
func (s *Server) maintain(ctx context.Context) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if err := s.keys.Load(ctx); err != nil {
			slog.WarnContext(ctx, "reloading signing keys", "error", err)
			continue
		}
		if err := s.keys.rotateOnSchedule(ctx, s.cfg.KeyRotation, s.cfg.AccessTokenTTL); err != nil {
			slog.WarnContext(ctx, "rotating signing keys", "error", err)
		}
		s.prune(ctx)
	}
}

// expiredKept is how long expired refresh tokens, codes and throttle
// records are kept, so that a late replay is still recognised.
const expiredKept = 24 * time.Hour

func (s *Server) prune(ctx context.Context) {
	s.cache.sweep(s.now())
	s.revoked.sweep(s.now())
	if err := s.keys.prune(ctx); err != nil {
		slog.WarnContext(ctx, "pruning signing keys", "error", err)
	}
	now := s.now()
	if err := s.db.PruneExpired(ctx, now, now.Add(-expiredKept)); err != nil {
		slog.WarnContext(ctx, "pruning expired tokens", "error", err)
	}
}
