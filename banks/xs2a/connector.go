package xs2a

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"openbank/banks"
)

// Limits bound what the connector reads from a bank.
type Limits struct {
	PageBytes  int64 // one answer's body; 0: 2 MB
	TotalBytes int64 // all pages of one account's transactions; 0: 64 MB
	Pages      int   // pages of one account's transactions; 0: 1000
}

func (l Limits) withDefaults() Limits {
	if l.PageBytes <= 0 {
		l.PageBytes = 2 << 20
	}
	if l.TotalBytes <= 0 {
		l.TotalBytes = 64 << 20
	}
	if l.Pages <= 0 {
		l.Pages = 1000
	}
	return l
}

// Options configure a Connector beyond its directory entry.
type Options struct {
	Now     func() time.Time // the clock; time.Now when nil
	Timeout time.Duration    // of one HTTP exchange; 0: 30 s
	Retries int              // more tries of a GET after a timeout or a 5xx; 0: 2
	Backoff time.Duration    // the first wait before such a retry, doubling; 0: 500 ms
	Limits  Limits
	// Transport replaces the TLS transport built from the entry (tests).
	Transport http.RoundTripper
}

// Connector is a banks.Provider that speaks Berlin Group XS2A to one bank.
type Connector struct {
	bank    Bank
	info    banks.Info
	client  *http.Client
	signer  *signer // nil unless the bank wants signed requests
	now     func() time.Time
	retries int
	backoff time.Duration
	limits  Limits
	stats   Stats
}

// Stats counts one bank's troubles since start.
type Stats struct {
	Retries     atomic.Int64 // GETs asked again after a timeout or a 5xx
	Unavailable atomic.Int64 // calls that failed for good on a timeout or a 5xx
	Throttled   atomic.Int64 // 429 and ACCESS_EXCEEDED answers
	BadAnswers  atomic.Int64 // answers the connector could not use

	mu          sync.Mutex
	lastOK      time.Time
	lastFailure time.Time
	failure     string
}

// answered records a usable answer.
func (s *Stats) answered(at time.Time) {
	s.mu.Lock()
	s.lastOK = at
	s.mu.Unlock()
}

// failed records a call that failed on the bank's side.
func (s *Stats) failed(at time.Time, err error) {
	s.mu.Lock()
	s.lastFailure, s.failure = at, err.Error()
	s.mu.Unlock()
}

// Health is how the bank has been answering since start.
func (c *Connector) Health() banks.Health {
	s := &c.stats
	s.mu.Lock()
	defer s.mu.Unlock()
	return banks.Health{LastOK: s.lastOK, LastFailure: s.lastFailure, Failure: s.failure, Retries: s.Retries.Load(),
		Unavailable: s.Unavailable.Load(), Throttled: s.Throttled.Load(), BadAnswers: s.BadAnswers.Load()}
}

// New builds the connector of a directory entry, reading its certificate
// and keys.
func New(b Bank, opts Options) (*Connector, error) {
	c := &Connector{bank: b, info: b.info(), now: opts.Now, retries: opts.Retries, backoff: opts.Backoff,
		limits: opts.Limits.withDefaults()}
	if c.info.LogoSVG == "" {
		c.info.LogoSVG = banks.Initials(b.Name)
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.retries <= 0 {
		c.retries = 2
	}
	if c.backoff <= 0 {
		c.backoff = 500 * time.Millisecond
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	transport := opts.Transport
	if transport == nil {
		tlsConfig, err := b.tlsConfig()
		if err != nil {
			return nil, err
		}
		transport = &http.Transport{TLSClientConfig: tlsConfig, Proxy: http.ProxyFromEnvironment,
			MaxIdleConnsPerHost: idleConnsPerBank, IdleConnTimeout: 90 * time.Second, TLSHandshakeTimeout: 10 * time.Second}
	}
	c.client = &http.Client{Transport: transport, Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if b.Quirks.SignRequests {
		s, err := loadSigner(b.SigningCertificate, b.SigningKey)
		if err != nil {
			return nil, fmt.Errorf("xs2a: bank %s: signing: %w", b.Code, err)
		}
		c.signer = s
	}
	return c, nil
}

// Info describes the bank.
func (c *Connector) Info() banks.Info { return c.info }

// Stats are the bank's counts of troubles.
func (c *Connector) Stats() *Stats { return &c.stats }

// ReturnsToTPP is true when the subject authenticates on the bank's page
// (the redirect approach).
func (c *Connector) ReturnsToTPP() bool { return c.bank.approach() == Redirect }

// idleConnsPerBank is how many kept-alive connections to one bank wait
// for the next request: a burst of first fetches (the aggregation lets
// hundreds wait on one bank) then reuses its connections instead of
// closing all but a few and shaking hands again.
const idleConnsPerBank = 256

// tlsConfig presents the operator's certificate and trusts the bank's
// roots; a new connection resumes an earlier TLS session with the bank
// when it can, without a full handshake.
func (b *Bank) tlsConfig() (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ClientSessionCache: tls.NewLRUClientSessionCache(idleConnsPerBank)}
	if b.Certificate != "" || b.Key != "" {
		cert, err := tls.LoadX509KeyPair(b.Certificate, b.Key)
		if err != nil {
			return nil, fmt.Errorf("xs2a: bank %s: certificate and key: %w", b.Code, err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	if b.CA != "" {
		pem, err := os.ReadFile(b.CA)
		if err != nil {
			return nil, fmt.Errorf("xs2a: bank %s: ca: %w", b.Code, err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("xs2a: bank %s: ca %s holds no PEM certificate", b.Code, b.CA)
		}
		cfg.RootCAs = pool
	}
	return cfg, nil
}

// requestID is a new X-Request-ID.
func requestID() string { return uuid.NewString() }

var errBadAnswer = errors.New("xs2a: bad answer")
