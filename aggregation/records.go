package aggregation

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

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

// How a connection's deletion spends its time: the request deletes its
// transactions for up to DeleteInline, batch by batch; a job queued with
// the connection's removal, due deleteJobDelay later, deletes what is left
// (a large connection, or a server stopped halfway).
const (
	DeleteInline   = time.Second
	deleteJobDelay = 10 * time.Second
)

// DeleteConnection removes one of the client's connections with its
// consents, fetches and accounts at once, then its transactions in
// batches, finishing within the request when they are few.
func (s *Service) DeleteConnection(ctx context.Context, clientID string, id int64) error {
	start := s.Clock()
	revoke := s.bankConsentOf(ctx, clientID, id)
	// The job's due time is compared with the database's clock: real time.
	d, err := s.Store.RemoveConnection(ctx, clientID, id, time.Now().Add(deleteJobDelay))
	if err != nil {
		return err
	}
	revoke(ctx)
	within := func() bool { return ctx.Err() == nil && s.Clock().Sub(start) < DeleteInline }
	if _, err := s.Store.DeleteTransactions(ctx, d.Accounts, within); err != nil {
		// The connection is gone already; the job finishes the rest.
		slog.WarnContext(ctx, "connections: transactions left to the delete job", "connection", id, "error", err)
	}
	return nil
}

// RunConnectionDelete deletes, in batches, the transactions of a deleted
// connection's accounts; it fails (and is tried again) while any is left.
func (s *Service) RunConnectionDelete(ctx context.Context, job *store.Job) error {
	var d store.ConnectionDeletion
	if err := json.Unmarshal(job.Payload, &d); err != nil {
		return fmt.Errorf("aggregation: connection delete job %d: %w", job.ID, err)
	}
	if _, err := s.Store.DeleteTransactions(ctx, d.Accounts, func() bool { return ctx.Err() == nil }); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	left, err := s.Store.RemainingTransactions(ctx, d.Accounts)
	if err != nil {
		return err
	}
	if left > 0 {
		return fmt.Errorf("aggregation: %d transactions of deleted connection %d still stored", left, d.ConnectionID)
	}
	return nil
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
