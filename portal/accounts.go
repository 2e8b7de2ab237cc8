package portal

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// AccountRecord is a developer account as the audit log keeps it.
type AccountRecord struct {
	Email    string `json:"email"`
	Verified bool   `json:"verified"`
	Approved bool   `json:"approved"`
}

func recordOf(d store.Developer) AccountRecord {
	return AccountRecord{Email: d.Email, Verified: d.VerifiedAt.Valid, Approved: d.ApprovedAt.Valid}
}

// SignUp creates an account. With a mailer it sends the link that
// verifies the email address; without one the account waits for an
// operator's approval in the console. When the email has an account
// already, SignUp returns ErrTaken after the same password hashing and,
// with a mailer, tells the owner that someone tried to sign up; callers
// answer ErrTaken as they answer a new account, so that sign-up does not
// reveal which emails have accounts.
func (s *Service) SignUp(ctx context.Context, email, password string) (store.Developer, error) {
	addr, err := mail.ParseAddress(strings.TrimSpace(email))
	if err != nil || addr.Name != "" || len(addr.Address) > 254 {
		return store.Developer{}, ErrEmail
	}
	if len(password) < MinPassword || len(password) > 1024 {
		return store.Developer{}, ErrPassword
	}
	d := store.Developer{Email: addr.Address, PasswordHash: oauth.HashPassword(password, s.argon2())}
	if err := s.Store.CreateDeveloper(ctx, &d); errors.Is(err, store.ErrConflict) {
		return store.Developer{}, s.signUpTaken(ctx, addr.Address)
	} else if err != nil {
		return d, err
	}
	if err := s.record(ctx, Actor(d.Email), "developer.sign-up", "developer/"+d.Email, nil, recordOf(d)); err != nil {
		return d, err
	}
	if s.Mail == nil {
		return d, nil
	}
	return d, s.sendLink(ctx, d, "verify", VerifyLife, "Confirm your email address",
		"Open this link to confirm your email address and activate your Openbank developer account:")
}

// signUpTaken tells the owner of email, when the portal sends email, that
// someone tried to create an account with it; it returns ErrTaken.
func (s *Service) signUpTaken(ctx context.Context, email string) error {
	if s.Mail == nil {
		return ErrTaken
	}
	d, err := s.Store.DeveloperByEmail(ctx, email)
	if err != nil {
		return err
	}
	base := strings.TrimSuffix(s.PublicURL, "/")
	body := fmt.Sprintf("Someone tried to create an Openbank developer account with this email address, "+
		"which has an account already.\n\nIf it was you, sign in at %s/portal/login, or choose a new password at "+
		"%s/portal/reset if you forgot it. If it was not you, you need not do anything: your account is unchanged.\n",
		base, base)
	if err := s.Mail.Send(ctx, d.Email, "Sign-up with your email address", body); err != nil {
		return err
	}
	return ErrTaken
}

// Forms that anyone may send without signing in, each counted per client
// address (CountRequest).
const (
	FormSignUp = "signup"
	FormReset  = "reset"
)

// CountRequest counts a request to form (FormSignUp, FormReset) from the
// client address under oauth.FormPace; a locked address gets an
// *oauth.Error with status 429 and RetryAfter.
func (s *Service) CountRequest(ctx context.Context, form, address string) error {
	if oerr := s.Auth.CountFormRequest(ctx, form, address); oerr != nil {
		return oerr
	}
	return nil
}

// EmailSent reports whether the portal sends email (verification, reset).
func (s *Service) EmailSent() bool { return s.Mail != nil }

// sendLink mails a one-time link of purpose to d.
func (s *Service) sendLink(ctx context.Context, d store.Developer, purpose string, life time.Duration, subject, text string) error {
	link, expires, err := s.newLink(ctx, d, purpose, life, "")
	if err != nil {
		return err
	}
	body := fmt.Sprintf("%s\n\n%s\n\nThe link works once, until %s.\n", text, link, expires.Format("2 January 2006 15:04 MST"))
	return s.Mail.Send(ctx, d.Email, subject, body)
}

// newLink stores the digest of a new one-time link of purpose ("verify",
// "reset") for d, made by the admin madeBy in the console ("": emailed),
// which ends d's older unused links of that purpose, and returns the link
// and its expiry. A reset link opens the form that chooses the new
// password.
func (s *Service) newLink(ctx context.Context, d store.Developer, purpose string, life time.Duration, madeBy string) (string, time.Time, error) {
	token := oauth.NewSecret(32)
	now := s.now()
	expires := now.Add(life)
	l := store.DeveloperLink{Digest: digest(token), DeveloperID: d.ID, Purpose: purpose, Expires: expires,
		MadeBy: store.NullString{String: madeBy, Valid: madeBy != ""}}
	if err := s.Store.CreateDeveloperLink(ctx, l, now); err != nil {
		return "", expires, err
	}
	page := purpose
	if purpose == "reset" {
		page = "reset/confirm"
	}
	return fmt.Sprintf("%s/portal/%s?token=%s", strings.TrimSuffix(s.PublicURL, "/"), page, token), expires, nil
}

// ResetLink makes, for admin, a one-time password-reset link (valid
// ResetLife) for the account of email, which the admin hands to its
// developer through the support channel when the portal sends no email;
// only its digest is stored, as for emailed links. The admin gives the
// link, so using it approves, in the admin's name, an account that is not
// active yet (LinkApproves); it does not verify the email address. The
// console records it in the audit log. An unknown email is
// store.ErrNotFound.
func (s *Service) ResetLink(ctx context.Context, email, admin string) (link string, d store.Developer, expires time.Time, err error) {
	d, err = s.Store.DeveloperByEmail(ctx, strings.TrimSpace(email))
	if err != nil {
		return "", d, expires, err
	}
	link, expires, err = s.newLink(ctx, d, "reset", ResetLife, admin)
	return link, d, expires, err
}

// LinkApproves reports whether a reset link made in the console for d
// approves d's account when used: when the account is not active yet.
func LinkApproves(d store.Developer) bool { return !d.Active() }

// Verify spends a verification link and activates its account.
func (s *Service) Verify(ctx context.Context, token string) (store.Developer, error) {
	l, err := s.Store.UseDeveloperLink(ctx, digest(token), "verify", s.now())
	if errors.Is(err, store.ErrNotFound) {
		return store.Developer{}, ErrLinkInvalid
	} else if err != nil {
		return store.Developer{}, err
	}
	if err := s.Store.VerifyDeveloper(ctx, l.DeveloperID, s.now()); err != nil {
		return store.Developer{}, err
	}
	d, err := s.Store.Developer(ctx, l.DeveloperID)
	if err != nil {
		return d, err
	}
	return d, s.record(ctx, Actor(d.Email), "developer.verify", "developer/"+d.Email, nil, recordOf(d))
}

// SignIn checks a developer's password under the sign-in's throttle and
// opens a session; it returns the session id for the cookie.
func (s *Service) SignIn(ctx context.Context, email, password, address string) (string, error) {
	d, oerr := s.Auth.CheckDeveloperPassword(ctx, strings.TrimSpace(email), password, address)
	if oerr != nil {
		return "", oerr
	}
	if !d.Active() {
		return "", ErrNotActive
	}
	id := oauth.NewSecret(32)
	if err := s.Store.CreateDeveloperSession(ctx, digest(id), d.ID, s.now().Add(SessionLife)); err != nil {
		return "", err
	}
	return id, s.record(ctx, Actor(d.Email), "developer.sign-in", "developer/"+d.Email, nil, map[string]string{"address": address})
}

// Session returns the developer of a live session id, or store.ErrNotFound.
func (s *Service) Session(ctx context.Context, id string) (store.Developer, error) {
	if id == "" {
		return store.Developer{}, fmt.Errorf("portal: no session: %w", store.ErrNotFound)
	}
	return s.Store.DeveloperSession(ctx, digest(id), s.now())
}

// SignOut ends a session.
func (s *Service) SignOut(ctx context.Context, id string) error {
	return s.Store.EndDeveloperSession(ctx, digest(id), s.now())
}

// RequestReset mails a reset link to the account of email, if there is
// one; the answer is the same either way.
func (s *Service) RequestReset(ctx context.Context, email string) error {
	if s.Mail == nil {
		return ErrNoMail
	}
	d, err := s.Store.DeveloperByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	return s.sendLink(ctx, d, "reset", ResetLife, "Reset your password",
		"Someone asked to reset the password of your Openbank developer account. If it was you, open this link:")
}

// PasswordRecord is a password change as the audit log keeps it: the
// account after it, and how the link came (email, console) with the admin
// who made a console link and whether it approved the account.
type PasswordRecord struct {
	AccountRecord
	Link       string `json:"link"`
	MadeBy     string `json:"madeBy,omitempty"`
	ApprovedBy string `json:"approvedBy,omitempty"`
}

// ResetPassword spends a reset link, sets the new password and ends every
// session of the account. A link made in the console approves an account
// that is not active yet, in the name of the admin who made it (the admin
// gave it to the developer); an emailed link proves the address, so it
// verifies the email when email verification is how accounts are
// activated, that is when the portal sends email.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if len(password) < MinPassword || len(password) > 1024 {
		return ErrPassword
	}
	l, err := s.Store.UseDeveloperLink(ctx, digest(token), "reset", s.now())
	if errors.Is(err, store.ErrNotFound) {
		return ErrLinkInvalid
	} else if err != nil {
		return err
	}
	before, err := s.Store.Developer(ctx, l.DeveloperID)
	if err != nil {
		return err
	}
	if err := s.Store.SetDeveloperPassword(ctx, before.ID, oauth.HashPassword(password, s.argon2())); err != nil {
		return err
	}
	rec := PasswordRecord{Link: "email"}
	switch {
	case l.MadeBy.Valid:
		rec.Link, rec.MadeBy = "console", l.MadeBy.String
		if LinkApproves(before) {
			err = s.Store.ApproveDeveloper(ctx, before.ID, l.MadeBy.String, s.now())
			rec.ApprovedBy = l.MadeBy.String
		}
	case s.Mail != nil:
		err = s.Store.VerifyDeveloper(ctx, before.ID, s.now())
	}
	if err != nil {
		return err
	}
	d, err := s.Store.Developer(ctx, before.ID)
	if err != nil {
		return err
	}
	rec.AccountRecord = recordOf(d)
	return s.record(ctx, Actor(d.Email), "developer.password", "developer/"+d.Email, recordOf(before), rec)
}

// PendingAccounts lists the accounts waiting for an operator's approval.
func (s *Service) PendingAccounts(ctx context.Context) ([]store.Developer, error) {
	return s.Store.PendingDevelopers(ctx)
}

// ApproveAccount activates an account on an operator's approval; the
// console records it in the audit log.
func (s *Service) ApproveAccount(ctx context.Context, id int64, admin string) (store.Developer, error) {
	if err := s.Store.ApproveDeveloper(ctx, id, admin, s.now()); err != nil {
		return store.Developer{}, err
	}
	return s.Store.Developer(ctx, id)
}

func digest(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
