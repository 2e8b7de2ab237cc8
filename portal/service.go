package portal

import (
	"context"
	"errors"
	"time"

	"openbank/aggregation"
	"openbank/oauth"
	"openbank/store"
)

// Lifetimes of the portal's sessions and one-time links.
const (
	SessionLife = 12 * time.Hour
	VerifyLife  = 48 * time.Hour
	ResetLife   = time.Hour
)

// MinPassword is the shortest password a developer may choose.
const MinPassword = 12

// Errors the service returns besides store.ErrNotFound and *oauth.Error.
var (
	ErrEmail          = errors.New("enter a valid email address")
	ErrPassword       = errors.New("choose a password of at least 12 characters")
	ErrTaken          = errors.New("an account with this email exists already; sign in or reset the password")
	ErrNotActive      = errors.New("this account is not active yet: follow the link in the email we sent, or wait for the operator to approve it")
	ErrLinkInvalid    = errors.New("this link is invalid, used or expired")
	ErrNoMail         = errors.New("this server sends no email: ask the operator to reset your password")
	ErrPending        = errors.New("a request for this application is already waiting for a decision")
	ErrNotDecidable   = errors.New("this request was decided already")
	ErrSecretIssued   = errors.New("the production secret was shown once already; rotate it to get a new one")
	ErrNotApplication = errors.New("not one of your applications")
	ErrProduction     = errors.New("this application is a production one already")
	ErrTestAppGone    = errors.New("the test application of this request was deleted; refuse the request")
)

// Mailer sends an email; nil means the server sends none.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// Service runs the portal.
type Service struct {
	Store       *store.Store
	Auth        *oauth.Server        // checks passwords under the sign-in's throttle
	Registry    *oauth.Registry      // creates, changes and deletes the applications' clients
	Aggregation *aggregation.Service // callback security and its outbound policy
	Mail        Mailer               // nil: accounts are approved by an operator
	Clock       func() time.Time
	PublicURL   string             // base of the links in emails
	Argon2      oauth.Argon2Params // the cost of new password hashes; zero: oauth.DefaultArgon2
	Sources     []string           // the addresses callbacks leave from, for clients' IP filters
}

func (s *Service) now() time.Time { return s.Clock().UTC() }

func (s *Service) argon2() oauth.Argon2Params {
	if s.Argon2 == (oauth.Argon2Params{}) {
		return oauth.DefaultArgon2
	}
	return s.Argon2
}

// record writes a portal step to the audit log.
func (s *Service) record(ctx context.Context, actor, action, target string, before, after any) error {
	return s.recordIn(ctx, s.Store, actor, action, target, before, after)
}

// recordIn is record on log, a transaction's for a step taken in one.
func (s *Service) recordIn(ctx context.Context, log auditLog, actor, action, target string, before, after any) error {
	return audit(ctx, log, store.AuditEntry{Actor: actor, Source: SourcePortal, Action: action, Target: target}, before, after)
}
