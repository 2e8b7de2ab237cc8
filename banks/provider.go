package banks

import (
	"context"
	"time"
)

// Provider is a bank the aggregation service can connect to: its identity, the
// strong customer authentication (SCA) that yields a consent, and the data the
// consent gives access to.
type Provider interface {
	// Info describes the bank.
	Info() Info
	// StartSCA begins an authorisation; the caller keeps the result until CompleteSCA.
	StartSCA(ctx context.Context, req ConsentRequest) (Authorisation, error)
	// CompleteSCA checks the subject's credentials and decides the consent's status.
	CompleteSCA(ctx context.Context, auth Authorisation, cred Credentials) (Consent, error)
	// Accounts lists the accounts a valid consent covers, with balances at the provider's clock.
	Accounts(ctx context.Context, c Consent) ([]Account, error)
	// Transactions lists an account's transactions matching q, oldest id first.
	Transactions(ctx context.Context, c Consent, accountID string, q Query) ([]Transaction, error)
}

// SCAStyle says where the subject authenticates.
type SCAStyle string

// The SCA styles.
const (
	SCARedirect SCAStyle = "redirect" // on a page of the bank
	SCAEmbedded SCAStyle = "embedded" // inside the widget
)

// Info identifies a bank and how it authenticates its customers.
type Info struct {
	Code        string   `json:"code"`
	Name        string   `json:"name"`
	Country     string   `json:"country"`
	LogoSVG     string   `json:"logoSvg"`
	SCA         SCAStyle `json:"sca"`
	OneTimeCode bool     `json:"oneTimeCode"` // the bank may ask for a one-time code after the password
	// Decoupled, with SCAEmbedded: the subject gives only a customer ID
	// (Credentials.Username) and approves in the bank's app; CompleteSCA
	// answers ErrApprovalPending until the bank has an answer.
	Decoupled bool `json:"decoupled,omitempty"`
	// AppURL, with Decoupled: the address of the bank's app where the
	// subject approves, when the bank gives one (a sandbox's app page);
	// "" when the subject finds the app on their own.
	AppURL string `json:"appUrl,omitempty"`
	// Environment says whether the bank is a test bank (the mock banks) or
	// a real one; a client connects only the banks of its own environment.
	Environment Environment `json:"environment"`
}

// Environment is where a bank or a client lives: test or production.
type Environment string

// The environments.
const (
	Test       Environment = "test"
	Production Environment = "production"
)

// ConsentRequest is what the aggregation service asks for when a subject connects.
type ConsentRequest struct {
	Seed     int64         `json:"seed"`     // mock banks generate their data from it; real banks ignore it
	ValidFor time.Duration `json:"validFor"` // requested consent lifetime (one-time or recurring access)
	// Recurring is true for recurring access, false for a one-off access.
	Recurring bool `json:"recurring,omitempty"`
	// RedirectURI is where a bank with its own SCA page sends the subject
	// back to; mock banks ignore it.
	RedirectURI string `json:"redirectUri,omitempty"`
}

// Authorisation is an SCA in progress; it is small and serialisable.
type Authorisation struct {
	Bank        string        `json:"bank"`
	Seed        int64         `json:"seed"`
	ValidFor    time.Duration `json:"validFor"`
	StartedAt   time.Time     `json:"startedAt"`
	SCA         SCAStyle      `json:"sca"`
	RedirectURL string        `json:"redirectUrl,omitempty"` // the bank's SCA page; empty for mock banks
	Reference   string        `json:"reference,omitempty"`   // the bank's consent id, for real providers
	// FrequencyPerDay is the unattended accesses a day asked of the bank.
	FrequencyPerDay int `json:"frequencyPerDay,omitempty"`
	// Challenge is the bank's pending second factor: set once the password
	// step passed and a one-time code is owed, so that the code step needs
	// the code alone. Kept by the service, never shown to clients.
	Challenge string `json:"challenge,omitempty"`
}

// Credentials are what the subject typed on the bank's login form.
type Credentials struct {
	Username    string `json:"username"`
	Password    string `json:"password"`
	OneTimeCode string `json:"oneTimeCode,omitempty"`
}

// ConsentStatus is the outcome of an SCA.
type ConsentStatus string

// The consent statuses.
const (
	ConsentNew  ConsentStatus = "new"  // SCA not completed: the subject interrupted it
	ConsentOK   ConsentStatus = "ok"   // SCA succeeded
	ConsentFail ConsentStatus = "fail" // SCA completed without success
)

// Consent is the result of an SCA and everything a later fetch needs; it is
// small and serialisable so it can be stored and used by any server instance.
type Consent struct {
	Bank       string        `json:"bank"`
	Status     ConsentStatus `json:"status"`
	Seed       int64         `json:"seed"`
	Scenario   Scenario      `json:"scenario"`
	GrantedAt  time.Time     `json:"grantedAt"`
	ValidUntil time.Time     `json:"validUntil"`          // zero unless Status is ok
	Reference  string        `json:"reference,omitempty"` // the bank's consent id, for real providers
	// FrequencyPerDay is how many fetches without the subject the bank
	// allows a day (PSD2: 4 at most); 0: the bank sets no limit.
	FrequencyPerDay int `json:"frequencyPerDay,omitempty"`
	// Challenge, with ErrOneTimeCodeRequired, is what the next try's
	// Authorisation.Challenge must carry for the code step.
	Challenge string `json:"-"`
}

// Query selects an account's transactions; the zero Query selects them all.
type Query struct {
	From    time.Time `json:"from"`    // only transactions dated on or after this day
	AfterID string    `json:"afterId"` // only transactions whose id is greater (the last id the caller holds)
}
