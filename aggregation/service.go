package aggregation

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"openbank/banks"
	"openbank/egress"
	"openbank/store"
)

// Access modes of a connection.
const (
	OneTime   = "one_time"
	Recurring = "recurring"
)

// Defaults of the consent lifetimes.
const (
	DefaultRecurringDays = 90
	OneTimeValidity      = 24 * time.Hour
	MaxCallbackFields    = 10
)

// Retry and retention policy of the aggregation's records.
const (
	FetchMaxAttempts    = 3              // a fetch job fails for good after this many tries
	CallbackMaxAttempts = 1000           // callbacks retry until CallbackDeliveryWindow ends, not by count
	IdempotencyWindow   = 24 * time.Hour // how long an answer is replayed for a repeated request id
	FinishedJobsKept    = 7 * 24 * time.Hour
	ConsoleSessionsKept = 30 * 24 * time.Hour // after their expiry, for the dashboard's recent sign-ins
)

// Errors the service returns besides store.ErrNotFound.
var (
	ErrUnknownProvider       = errors.New("unknown provider")
	ErrReturnToNotAllowed    = errors.New("returnTo is not a registered return origin of the client")
	ErrReturnToRequired      = errors.New("returnTo is required for a bank with redirect SCA")
	ErrCredentialsRequired   = errors.New("credentials are required for a bank with embedded SCA")
	ErrConsentNotOK          = errors.New("the connection's consent is not ok or has expired; reconnect first")
	ErrSCAClosed             = errors.New("this authentication is already complete or unknown")
	ErrUnknownAccount        = errors.New("the account is not one of the client's")
	ErrInvalidCredentials    = errors.New("the bank did not accept these credentials")
	ErrTooManyCallbackFields = errors.New("callbackFields holds more than 10 pairs")
	ErrInvalidAccess         = errors.New("access must be one_time or recurring")
)

// ClientSettings is what the service needs to know of an OAuth client.
type ClientSettings struct {
	Name             string // the name the client shows its subjects; its id when it has none
	Callbacks        bool   // the client has the callbacks product
	SuccessURL       string // empty: no success callbacks
	FailureURL       string // empty: no failure callbacks
	HMACSecret       []byte // optional: adds an HMAC header to callbacks
	ExpiryNoticeDays int    // >0: a consentExpiring callback that many days before expiry
	ReturnToOrigins  []string
	Environment      string // "test" or "production"; "": test
	Quotas           Quotas // the client's own; zero fields: the service's
	DefaultLocale    string // BCP 47: the language of the subjects' pages when nothing else names one; "" for none
}

// Clients looks up client settings (the OAuth client registry).
type Clients interface {
	Settings(ctx context.Context, clientID string) (ClientSettings, error)
}

// Signer signs callback digests as a compact JWS with a published key.
type Signer interface {
	Sign(payload []byte) (string, error)
}

// Service runs connections, fetches and callbacks.
type Service struct {
	Store     *store.Store
	Banks     *banks.Registry
	Clients   Clients
	Signer    Signer
	Clock     func() time.Time
	PublicURL string        // base of the bank SCA page links
	Latency   time.Duration // simulated provider latency per fetch
	HTTP      *http.Client  // for callbacks; egress.Policy.Client dials only what Outbound allows
	// Outbound is the policy callback URLs are checked against before each
	// attempt; the zero value is production's (https, public addresses).
	Outbound egress.Policy
	// CallbackRetry paces the retries of callbacks; zero is
	// DefaultRetrySchedule.
	CallbackRetry RetrySchedule
	// Categoriser, when set, categorises the transactions the service
	// stores; without one they are stored with categoriser_version 0.
	Categoriser Categoriser
	// SaveLimit bounds the transaction that stores a fetch (the job lease):
	// should this instance die mid-save, PostgreSQL ends its statements and
	// frees their locks before another instance takes the job over. 0: no bound.
	SaveLimit time.Duration
	// Log receives the fetches' log lines; nil logs to slog.Default().
	Log *slog.Logger
	// Fetching paces fetches with the banks: retries of "too many
	// requests", the daily refresh's window.
	Fetching FetchPolicy
	// Banking limits the fetches waiting on each bank and counts its
	// answers; nil: no limit, nothing counted.
	Banking *BankGate
	// Quotas bound the connections and open widget links of a client's
	// subjects unless the client has its own; zero fields: DefaultQuotas.
	Quotas Quotas
	// DailyJobs are other services' job kinds that Tick queues once a day
	// besides its own (the results' clean-up); each has its row in the
	// schedules table.
	DailyJobs []string
	// TestBanksInProduction lets production clients connect the test banks
	// too, for smoke tests; test clients never see production banks.
	TestBanksInProduction bool
	// MTLSHTTP is HTTP presenting the operator's client certificate, for
	// the clients whose callback endpoints demand mutual TLS; nil: no
	// certificate is configured and such callbacks fail with that reason.
	MTLSHTTP *http.Client
	// Tokens caches the bearer tokens of clients' callback token
	// endpoints until they expire; nil: a token is asked for each attempt.
	Tokens *TokenCache
	// Approvals paces the questions to a decoupled bank while an SCA
	// started through the API waits for the subject's approval in its
	// app (ApprovalJob); zero is DefaultApprovalPolicy.
	Approvals ApprovalPolicy
}

// log is the service's logger.
func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

func (s *Service) now() time.Time { return s.Clock().UTC() }

// validity is how long a new consent lasts.
func validity(access string, days int) time.Duration {
	if access == OneTime {
		return OneTimeValidity
	}
	if days <= 0 {
		days = DefaultRecurringDays
	}
	return time.Duration(days) * 24 * time.Hour
}
