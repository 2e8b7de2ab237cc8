package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/banks"
	"openbank/store"
)

// FinishSCA completes an embedded SCA with the subject's credentials: the
// bank checks them, the consent status it reaches is recorded and, when the
// consent is ok, the connection's first fetch is queued, all in one
// transaction that also saves the SCA if it is not saved yet. It reports
// whether the bank still asks for a one-time code (the SCA then stays open).
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
	if err := s.record(ctx, sca, consent, scaErr); err != nil {
		return false, err
	}
	return errors.Is(scaErr, banks.ErrOneTimeCodeRequired), nil
}

// AbandonSCA ends an open SCA as abandoned: the consent stays new.
func (s *Service) AbandonSCA(ctx context.Context, sca *SCA) error {
	return s.record(ctx, sca, banks.Consent{Status: banks.ConsentNew}, nil)
}

// record saves the SCA if needed and settles its outcome in one
// transaction. An SCA that was open and is settled meanwhile is ErrSCAClosed.
func (s *Service) record(ctx context.Context, sca *SCA, c banks.Consent, scaErr error) error {
	wasOpen := sca.Consent.ID != 0
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := s.saveSCA(ctx, tx, sca); err != nil {
			return err
		}
		return s.settleConsent(ctx, tx, sca.Connection, sca.Consent, c, scaErr)
	})
	if wasOpen && errors.Is(err, store.ErrConflict) {
		return ErrSCAClosed
	}
	return err
}

// settleConsent records an SCA's outcome on consent k and, when it is ok,
// queues the fetch its trigger names. Wrong credentials end the SCA as
// fail; a one-time code still to come leaves it new.
func (s *Service) settleConsent(ctx context.Context, tx *store.Tx, conn *store.Connection, k *store.BankConsent, c banks.Consent, scaErr error) error {
	switch {
	case errors.Is(scaErr, banks.ErrOneTimeCodeRequired):
		return nil
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
