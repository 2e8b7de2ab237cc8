package aggregation

import (
	"context"

	"openbank/store"
)

// Connection returns one of the client's connections with its newest consent.
func (s *Service) Connection(ctx context.Context, clientID string, id int64) (*store.Connection, error) {
	return s.Store.Connection(ctx, clientID, id)
}

// Connections lists a client's connections, optionally of one subject,
// newest first, with the total count.
func (s *Service) Connections(ctx context.Context, clientID, subjectID string, page, size int) ([]store.Connection, int64, error) {
	return s.Store.Connections(ctx, clientID, subjectID, page, size)
}

// DeleteConnection removes one of the client's connections with its
// consents, fetches, accounts and transactions.
func (s *Service) DeleteConnection(ctx context.Context, clientID string, id int64) error {
	return s.Store.DeleteConnection(ctx, clientID, id)
}

// Consents lists the consents (SCAs) of one of the client's connections,
// newest first.
func (s *Service) Consents(ctx context.Context, clientID string, connectionID int64) ([]store.BankConsent, error) {
	if _, err := s.Store.Connection(ctx, clientID, connectionID); err != nil {
		return nil, err
	}
	return s.Store.BankConsents(ctx, clientID, connectionID)
}

// Fetches lists up to limit of the fetches of one of the client's
// connections, newest first.
func (s *Service) Fetches(ctx context.Context, clientID string, connectionID int64, limit int) ([]store.Fetch, error) {
	if _, err := s.Store.Connection(ctx, clientID, connectionID); err != nil {
		return nil, err
	}
	return s.Store.Fetches(ctx, clientID, connectionID, limit)
}

// Accounts lists the accounts of one of the client's connections.
func (s *Service) Accounts(ctx context.Context, clientID string, connectionID int64) ([]store.Account, error) {
	if _, err := s.Store.Connection(ctx, clientID, connectionID); err != nil {
		return nil, err
	}
	return s.Store.Accounts(ctx, clientID, connectionID)
}

// Transactions lists up to limit transactions, after afterID, of an
// account of the client's; ErrUnknownAccount when the account is not its.
func (s *Service) Transactions(ctx context.Context, clientID string, accountID, afterID int64, limit int) ([]store.Transaction, error) {
	visible, err := s.Store.AccountVisible(ctx, clientID, accountID)
	if err != nil {
		return nil, err
	}
	if !visible {
		return nil, ErrUnknownAccount
	}
	return s.Store.Transactions(ctx, accountID, afterID, limit)
}
