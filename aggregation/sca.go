package aggregation

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"openbank/banks"
	"openbank/store"
)

// SCAPage is what a bank's SCA page shows.
type SCAPage struct {
	Bank       banks.Info
	Connection *store.Connection
	Consent    *store.BankConsent
}

// OpenSCAPage finds the open SCA a bank page link points at.
func (s *Service) OpenSCAPage(ctx context.Context, bank, token string) (*SCAPage, error) {
	k, err := s.Store.BankConsentBySCAToken(ctx, SCATokenDigest(token))
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrSCAClosed
	}
	if err != nil {
		return nil, err
	}
	conn, err := s.Store.ConnectionByID(ctx, k.ConnectionID)
	if err != nil {
		return nil, err
	}
	p, err := s.Banks.Bank(conn.Provider)
	if err != nil || conn.Provider != bank {
		return nil, ErrSCAClosed
	}
	return &SCAPage{Bank: p.Info(), Connection: conn, Consent: k}, nil
}

// SubmitSCAPage completes the SCA of a bank page: with the subject's
// credentials, or abandoned (the consent stays new). Wrong credentials
// return the bank's error and leave the SCA open so the page can ask again.
// It returns the consent status reached.
func (s *Service) SubmitSCAPage(ctx context.Context, page *SCAPage, cred banks.Credentials, abandon bool) (banks.ConsentStatus, error) {
	var consent banks.Consent
	if abandon {
		consent.Status = banks.ConsentNew
	} else {
		p, err := s.Banks.Bank(page.Connection.Provider)
		if err != nil {
			return "", ErrUnknownProvider
		}
		auth, err := authorisationOf(page.Consent)
		if err != nil {
			return "", err
		}
		consent, err = p.CompleteSCA(ctx, auth, cred)
		if err != nil {
			return banks.ConsentNew, err
		}
	}
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		return s.settleConsent(ctx, tx, page.Connection, page.Consent, consent, nil, triggerFor(page.Consent))
	})
	if errors.Is(err, store.ErrConflict) {
		return "", ErrSCAClosed
	}
	return consent.Status, err
}

// CompleteSCA finishes a connection's open embedded SCA, e.g. with the
// one-time code the bank asked for.
func (s *Service) CompleteSCA(ctx context.Context, clientID string, connectionID int64, cred banks.Credentials) (*Connected, error) {
	conn, err := s.Store.Connection(ctx, clientID, connectionID)
	if err != nil {
		return nil, err
	}
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil {
		return nil, err
	}
	if k.CompletedAt.Valid {
		return nil, ErrSCAClosed
	}
	p, err := s.Banks.Bank(conn.Provider)
	if err != nil || p.Info().SCA != banks.SCAEmbedded {
		return nil, ErrSCAClosed
	}
	auth, err := authorisationOf(k)
	if err != nil {
		return nil, err
	}
	consent, scaErr := p.CompleteSCA(ctx, auth, cred)
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return nil, fmt.Errorf("aggregation: SCA: %w", scaErr)
	}
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		return s.settleConsent(ctx, tx, conn, k, consent, scaErr, triggerFor(k))
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, ErrSCAClosed
	}
	if err != nil {
		return nil, err
	}
	saved, err := s.Store.Connection(ctx, clientID, conn.ID)
	if err != nil {
		return nil, err
	}
	return &Connected{Connection: saved, OneTimeCodeRequired: errors.Is(scaErr, banks.ErrOneTimeCodeRequired)}, nil
}

// triggerFor names the fetch a completed SCA starts.
func triggerFor(k *store.BankConsent) string { return k.Trigger }

// ReturnURL appends connectionId=<id>,<status> to returnTo, keeping the
// query parameters it already has.
func ReturnURL(returnTo string, params ...[2]string) string {
	u, err := url.Parse(returnTo)
	if err != nil {
		return returnTo
	}
	q := u.RawQuery
	for _, p := range params {
		if q != "" {
			q += "&"
		}
		// The seed's format keeps the comma literal: connectionId=42,ok.
		q += url.QueryEscape(p[0]) + "=" + strings.ReplaceAll(url.QueryEscape(p[1]), "%2C", ",")
	}
	u.RawQuery = q
	return u.String()
}
