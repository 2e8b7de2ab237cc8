package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/banks"
	"openbank/store"
)

// MaxSCAFailures is how many wrong passwords or one-time codes an SCA
// started through the API takes before its consent ends as fail.
const MaxSCAFailures = 3

// The scaError codes of a connection whose last SCA try failed.
const (
	SCAInvalidCredentials = "invalidCredentials" // the bank refused the username or password
	SCAInvalidOneTimeCode = "invalidOneTimeCode" // the bank refused the one-time code
)

// FinishSCA completes an embedded SCA with the subject's credentials: the
// bank checks them, the consent status it reaches is recorded and, when the
// consent is ok, the connection's first fetch is queued, all in one
// transaction that also saves the SCA if it is not saved yet. It reports
// whether the bank still asks for a one-time code (the SCA then stays open
// and the next try needs the code alone). A decoupled bank still waiting
// for the subject's approval in its app leaves the SCA open too, with
// sca.ApprovalPending: the next try, without credentials, asks it again.
//
// A wrong password or code leaves the SCA open with its scaError, to try
// again on the same connection, until MaxSCAFailures; then the consent
// ends as fail. With AskAgain (the widget) nothing is recorded and the
// answer is ErrInvalidCredentials.
func (s *Service) FinishSCA(ctx context.Context, sca *SCA, cred banks.Credentials) (codePending bool, err error) {
	p, err := s.Banks.Bank(sca.Connection.Provider)
	if err != nil || p.Info().SCA != banks.SCAEmbedded {
		return false, ErrSCAClosed
	}
	consent, scaErr := p.CompleteSCA(ctx, sca.Authorisation, cred)
	if sca.AskAgain && wrongCredentials(scaErr) {
		return false, ErrInvalidCredentials
	}
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return false, fmt.Errorf("aggregation: SCA: %w", scaErr)
	}
	if wrongCredentials(scaErr) {
		return false, s.recordFailedTry(ctx, sca, scaErr)
	}
	codePending = errors.Is(scaErr, banks.ErrOneTimeCodeRequired)
	sca.ApprovalPending = errors.Is(scaErr, banks.ErrApprovalPending)
	if (codePending || sca.ApprovalPending) && consent.Challenge != "" {
		sca.Authorisation.Challenge = consent.Challenge
		if sca.Consent.Authorisation, err = encode(sca.Authorisation); err != nil {
			return false, err
		}
	}
	return codePending, s.record(ctx, sca, consent, scaErr)
}

// recordFailedTry saves the SCA if needed and counts a wrong password or
// code; the last try allowed ends the consent as fail.
func (s *Service) recordFailedTry(ctx context.Context, sca *SCA, scaErr error) error {
	code := SCAInvalidCredentials
	if errors.Is(scaErr, banks.ErrOneTimeCodeInvalid) {
		code = SCAInvalidOneTimeCode
	}
	wasOpen := sca.Consent.ID != 0
	if err := s.readQuotas(ctx, sca); err != nil {
		return err
	}
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := s.saveSCA(ctx, tx, sca); err != nil {
			return err
		}
		failures, err := tx.RecordSCAFailure(ctx, sca.Consent.ID, code)
		if err != nil || failures < MaxSCAFailures {
			return err
		}
		return s.settleConsent(ctx, tx, sca.Connection, sca.Consent, banks.Consent{Status: banks.ConsentFail}, scaErr)
	})
	if wasOpen && errors.Is(err, store.ErrConflict) {
		return ErrSCAClosed
	}
	return err
}

// AbandonSCA ends an open SCA as abandoned: the consent stays new.
func (s *Service) AbandonSCA(ctx context.Context, sca *SCA) error {
	return s.record(ctx, sca, banks.Consent{Status: banks.ConsentNew}, nil)
}

// record saves the SCA if needed and settles its outcome in one
// transaction, which also queues the ApprovalJob of an approval left
// pending (PollApproval). An SCA that was open and is settled meanwhile is
// ErrSCAClosed.
func (s *Service) record(ctx context.Context, sca *SCA, c banks.Consent, scaErr error) error {
	wasOpen := sca.Consent.ID != 0
	if err := s.readQuotas(ctx, sca); err != nil {
		return err
	}
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := s.saveSCA(ctx, tx, sca); err != nil {
			return err
		}
		if err := s.settleConsent(ctx, tx, sca.Connection, sca.Consent, c, scaErr); err != nil {
			return err
		}
		return s.queueApproval(ctx, tx, sca, scaErr)
	})
	if wasOpen && errors.Is(err, store.ErrConflict) {
		return ErrSCAClosed
	}
	return err
}

// settleConsent records an SCA's outcome on consent k and, when it is ok,
// queues the fetch its trigger names. Wrong credentials end the SCA as
// fail; a one-time code or an approval still to come leaves it new,
// keeping the bank's challenge for the next step.
func (s *Service) settleConsent(ctx context.Context, tx *store.Tx, conn *store.Connection, k *store.BankConsent, c banks.Consent, scaErr error) error {
	switch {
	case errors.Is(scaErr, banks.ErrOneTimeCodeRequired), errors.Is(scaErr, banks.ErrApprovalPending):
		return tx.UpdateSCAAuthorisation(ctx, k.ID, k.Authorisation)
	case scaErr != nil:
		c.Status = banks.ConsentFail
	}
	k.Status = string(c.Status)
	k.CompletedAt = store.NullTime{Time: s.now(), Valid: true}
	k.ValidUntil = store.NullTime{}
	k.GrantData = nil
	if c.Status == banks.ConsentOK {
		k.ValidUntil = store.NullTime{Time: c.ValidUntil, Valid: true}
		grant, err := encode(c)
		if err != nil {
			return err
		}
		k.GrantData = grant
	}
	if err := tx.CompleteBankConsent(ctx, k, c.Status == banks.ConsentOK); err != nil {
		return err
	}
	if c.Status != banks.ConsentOK {
		return nil
	}
	return tx.QueueFetch(ctx, &store.Fetch{ConnectionID: conn.ID, Trigger: k.Trigger,
		CallbackFields: conn.CallbackFields, RequestID: k.RequestID, GroupID: conn.GroupID}, FetchMaxAttempts)
}

// wrongCredentials reports whether the bank refused what the subject typed.
func wrongCredentials(err error) bool {
	return errors.Is(err, banks.ErrInvalidCredentials) || errors.Is(err, banks.ErrOneTimeCodeInvalid)
}
