package aggregation

import (
	"context"
	"fmt"

	"openbank/banks"
)

// EnvironmentError refuses a bank of another environment than the
// client's: test credentials connect only test banks, production
// credentials only real ones.
type EnvironmentError struct {
	Bank              string
	BankEnvironment   banks.Environment
	ClientEnvironment banks.Environment
}

func (e *EnvironmentError) Error() string {
	if e.ClientEnvironment == banks.Production {
		return fmt.Sprintf("bank %q is a test bank and these are production credentials: a production client connects only production banks; use the application's test credentials for the test banks", e.Bank)
	}
	return fmt.Sprintf("bank %q is a production bank and these are test credentials: a test client connects only the test banks; production credentials are obtained by requesting production access", e.Bank)
}

// environmentOf is a client's environment: test unless it says production.
func environmentOf(settings ClientSettings) banks.Environment {
	if settings.Environment == string(banks.Production) {
		return banks.Production
	}
	return banks.Test
}

// bankEnvironment is a bank's environment: production unless it says test.
func bankEnvironment(info banks.Info) banks.Environment {
	if info.Environment == banks.Test {
		return banks.Test
	}
	return banks.Production
}

// Offers reports whether a client of settings may see and connect a bank:
// one of its own environment, or a test bank for a production client when
// the operator allows test banks in production (smoke tests).
func (s *Service) Offers(settings ClientSettings, info banks.Info) bool {
	client, bank := environmentOf(settings), bankEnvironment(info)
	return client == bank || (client == banks.Production && bank == banks.Test && s.TestBanksInProduction)
}

// ProviderFor finds the bank code names for a client: an unknown bank is
// ErrUnknownProvider, one of the other environment an *EnvironmentError.
func (s *Service) ProviderFor(ctx context.Context, clientID, code string) (banks.Provider, error) {
	p, err := s.Banks.Bank(code)
	if err != nil {
		return nil, ErrUnknownProvider
	}
	settings, err := s.Clients.Settings(ctx, clientID)
	if err != nil {
		return nil, err
	}
	if info := p.Info(); !s.Offers(settings, info) {
		return nil, &EnvironmentError{Bank: info.Code, BankEnvironment: bankEnvironment(info), ClientEnvironment: environmentOf(settings)}
	}
	return p, nil
}

// ProvidersOf lists the banks of a country the client may connect.
func (s *Service) ProvidersOf(ctx context.Context, clientID, country string) ([]banks.Provider, error) {
	settings, err := s.Clients.Settings(ctx, clientID)
	if err != nil {
		return nil, err
	}
	out := make([]banks.Provider, 0)
	for _, p := range s.Banks.Country(country) {
		if s.Offers(settings, p.Info()) {
			out = append(out, p)
		}
	}
	return out, nil
}
