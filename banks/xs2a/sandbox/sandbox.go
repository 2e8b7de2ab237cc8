package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
	"time"

	"openbank/banks"
)

// Behaviour makes the sandbox awkward on purpose.
type Behaviour struct {
	PageSize         int  // transactions per page (booked and pending together); 0: one page
	ThrottleEvery    int  // every n-th account-data call answers 429; 0: never
	ExpireAfterFirst bool // a consent expires after its first day of use: CONSENT_EXPIRED
	Sparse           bool // answers leave out every optional field they can
	RequireSignature bool // requests must carry a valid Digest and Signature
}

// Options configure the sandbox.
type Options struct {
	Now       func() time.Time // the clock; time.Now when nil
	SlowFetch time.Duration    // the mock banks' "slow" user's wait
	Behaviour Behaviour
	// Page renders a bank's sign-in page and its status; nil: a plain
	// built-in form in English.
	Page func(w http.ResponseWriter, r *http.Request, p Page)
	// StateFile keeps the consents across restarts; empty: memory only.
	// It is written at most once per saveEvery, and by Close.
	StateFile string
	// PageBase is the address the sign-in pages are served at (see
	// Pages), e.g. https://openbank.example/sandbox; empty: the API's own
	// address.
	PageBase string
}

// Page is what a bank's sign-in page shows and posts, or why it cannot.
type Page struct {
	Status   int        // the answer's status, which the page writes
	Bank     banks.Info // zero for a link to no bank the sandbox has
	Action   string     // where the form posts: username, password, action=approve|cancel
	Username string
	Problem  Problem
}

// Problem is what went wrong on a sign-in page.
type Problem int

const (
	NoProblem        Problem = iota
	WrongCredentials         // the form again, saying so
	LinkGone                 // the consent is no longer waiting for its SCA, or never was
	BankFailed               // the mock bank could not decide
)

// ASPSP is the sandbox: the mock banks and the consents given to them.
type ASPSP struct {
	opts  Options
	now   func() time.Time
	banks map[string]*banks.Mock

	mu       sync.Mutex
	consents map[string]*consent
	calls    int         // account-data calls, for Behaviour.ThrottleEvery
	savedAt  time.Time   // when the state file was last written
	saving   *time.Timer // the state file's next write, when one is due
}

// consent is one consent of the sandbox.
type consent struct {
	id, bank    string
	seed        int64
	status      string // received, valid, rejected, terminatedByTpp, expired
	recurring   bool
	validUntil  string // the day asked for, as asked
	frequency   int
	redirectURI string
	decoupled   bool // asked with TPP-Decoupled-Preferred: the subject approves in the bank's app
	granted     banks.Consent
	unattended  map[string]int // day → accesses without the subject
	lastAction  time.Time
	accounts    []banks.Account // as the last GET /v1/accounts listed them
	// authorisations are the embedded and decoupled SCAs' authorisation
	// sub-resources.
	authorisations map[string]*authorisation
}

// New builds the sandbox over the seven mock banks.
func New(opts Options) *ASPSP {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	a := &ASPSP{opts: opts, now: now, banks: map[string]*banks.Mock{}, consents: map[string]*consent{}}
	for _, p := range banks.MockBanks(banks.Options{Now: now, SlowFetch: opts.SlowFetch}) {
		a.banks[p.Info().Code] = p.(*banks.Mock)
	}
	a.load()
	return a
}

// Codes are the codes of the banks the sandbox serves.
func Codes() []string {
	var out []string
	for _, p := range banks.MockBanks(banks.Options{}) {
		out = append(out, p.Info().Code)
	}
	return out
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
