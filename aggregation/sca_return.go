package aggregation

import (
	"context"
	"fmt"

	"openbank/banks"
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
