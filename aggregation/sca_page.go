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

// UsedSCAPageReturn is where a bank page link whose SCA is over leads back
// to: the same place the page sent its subject when the SCA ended (see
// SCAPageReturn). ErrSCAClosed when the link never belonged to an SCA of
// bank.
func (s *Service) UsedSCAPageReturn(ctx context.Context, bank, token string) (string, error) {
	k, err := s.Store.BankConsentByUsedSCAToken(ctx, SCATokenDigest(token))
	if errors.Is(err, store.ErrNotFound) {
		return "", ErrSCAClosed
	}
	if err != nil {
		return "", err
	}
	conn, err := s.Store.ConnectionByID(ctx, k.ConnectionID)
	if err != nil {
		return "", err
	}
	if conn.Provider != bank {
		return "", ErrSCAClosed
	}
	return s.SCAPageReturn(ctx, &SCAPage{Connection: conn, Consent: k}, banks.ConsentStatus(k.Status))
}

// SubmitSCAPage completes the SCA of a bank page: with the subject's
// credentials, or abandoned (the consent stays new). Wrong credentials
// return the bank's error and leave the SCA open so the page can ask again.
// It returns the consent status reached.
func (s *Service) SubmitSCAPage(ctx context.Context, page *SCAPage, cred banks.Credentials, abandon bool) (banks.ConsentStatus, error) {
	sca := &SCA{Connection: page.Connection, Consent: page.Consent}
	consent := banks.Consent{Status: banks.ConsentNew}
	if !abandon {
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
	if err := s.record(ctx, sca, consent, nil); err != nil {
		return "", err
	}
	return consent.Status, nil
}

// SCAPageReturn is where a bank's SCA page sends the subject when it is
// done: back to the widget that started the SCA, or else to the
// connection's returnTo with connectionId=<id>,<status>. The bank's page
// serves both flows and the consent row is all it holds, so this is the one
// place the aggregation asks whether a widget started a consent.
func (s *Service) SCAPageReturn(ctx context.Context, page *SCAPage, status banks.ConsentStatus) (string, error) {
	widgetID, err := s.Store.WidgetOfConsent(ctx, page.Consent.ID)
	if err == nil {
		return fmt.Sprintf("%s/widget/w/%d/return?connectionId=%d", s.PublicURL, widgetID, page.Connection.ID), nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	return ReturnURL(page.Connection.ReturnTo.String, [2]string{"connectionId", fmt.Sprintf("%d,%s", page.Connection.ID, status)}), nil
}

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
