package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/banks"
	"openbank/store"
)

// ReturnFromBank settles the SCA of a bank with its own sign-in page when
// the bank sends the subject back with the SCA's token: the bank says how
// the consent ended, the outcome is recorded (an ok consent queues the
// first fetch), and the answer is where the subject goes on to, as from
// a mock bank's page. A bank that cannot say leaves the SCA open and
// returns its error.
func (s *Service) ReturnFromBank(ctx context.Context, bank, token string) (string, error) {
	page, err := s.OpenSCAPage(ctx, bank, token)
	if err != nil {
		return "", err
	}
	p, err := s.Banks.Bank(bank)
	if err != nil || !returnsToTPP(p) {
		return "", ErrSCAClosed
	}
	auth, err := authorisationOf(page.Consent)
	if err != nil {
		return "", err
	}
	consent, scaErr := p.CompleteSCA(ctx, auth, banks.Credentials{})
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return "", fmt.Errorf("aggregation: SCA status: %w", scaErr)
	}
	if err := s.record(ctx, &SCA{Connection: page.Connection, Consent: page.Consent}, consent, scaErr); err != nil {
		return "", err
	}
	status := consent.Status
	if scaErr != nil {
		status = banks.ConsentFail
	}
	return s.SCAPageReturn(ctx, page, status)
}

// BeginBankSCA is where the link of an SCA page leads for a bank with its
// own sign-in page: the bank's page. The bank is asked for the consent
// now, with the present subject's details, unless it was asked already
// (then its page is the same). Other banks answer "" (their page is ours).
func (s *Service) BeginBankSCA(ctx context.Context, page *SCAPage, token string) (string, error) {
	p, err := s.Banks.Bank(page.Connection.Provider)
	if err != nil || !returnsToTPP(p) {
		return "", nil //nolint:nilerr // not a bank with its own page
	}
	auth, err := authorisationOf(page.Consent)
	if err != nil || auth.RedirectURL != "" {
		return auth.RedirectURL, err
	}
	conn := page.Connection
	got, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: auth.Seed, ValidFor: validity(conn.Access, conn.ConsentDays),
		Recurring: conn.Access != OneTime, RedirectURI: s.bankReturnURI(conn.Provider, token)})
	if err != nil {
		return "", fmt.Errorf("aggregation: start SCA at the bank: %w", err)
	}
	raw, err := encode(got)
	if err != nil {
		return "", err
	}
	if err := s.Store.UpdateSCAAuthorisation(ctx, page.Consent.ID, raw); errors.Is(err, store.ErrConflict) {
		return "", ErrSCAClosed
	} else if err != nil {
		return "", err
	}
	return got.RedirectURL, nil
}
