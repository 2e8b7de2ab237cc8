package aggregation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"openbank/jobs"
	"openbank/store"
)

// RecategoriseJob is the job kind that categorises again the transactions
// an older categoriser version (or none) assigned.
const RecategoriseJob = "recategorise"

// The re-categorisation's pace: rows of one account per database
// transaction, and how long one run holds its worker before it hands over
// to a queued successor.
const (
	recategoriseBatch = 10_000
	recategoriseSlice = 30 * time.Second
)

// queueRecategorise queues the re-categorisation when stored transactions
// carry an older categoriser version and no such job waits already. An
// index answers the first question, so every tick may ask it.
func (s *Service) queueRecategorise(ctx context.Context) error {
	if s.Categoriser == nil {
		return nil
	}
	stale, err := s.Store.HasStaleCategories(ctx, CategoriserVersion)
	if err != nil || !stale {
		return err
	}
	waiting, err := s.Store.JobWaiting(ctx, RecategoriseJob, RecategoriseJob)
	if err != nil || waiting {
		return err
	}
	return s.enqueueRecategorise(ctx)
}

func (s *Service) enqueueRecategorise(ctx context.Context) error {
	_, err := s.Store.Enqueue(ctx, store.NewJob{Kind: RecategoriseJob, Key: RecategoriseJob,
		Payload: map[string]int16{"version": CategoriserVersion}, MaxAttempts: jobs.DefaultMaxAttempts})
	return err
}

// RunRecategorise is the handler of RecategoriseJob: account by account, it
// categorises again the transactions whose categoriser_version is below
// CategoriserVersion, in batches, each stored with the new version in its
// own database transaction; the column is its only progress record, so a
// run that stops is continued by the next. After recategoriseSlice it
// queues its successor and ends, so other jobs get the worker.
func (s *Service) RunRecategorise(ctx context.Context, _ *store.Job) error {
	if s.Categoriser == nil {
		return nil
	}
	left, err := s.Store.CountStaleCategories(ctx, CategoriserVersion)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "recategorise: started", "version", CategoriserVersion, "transactions", left)
	started, done := time.Now(), 0
	for time.Since(started) < recategoriseSlice {
		accountID, connectionID, err := s.Store.StaleCategoryAccount(ctx, CategoriserVersion)
		if errors.Is(err, store.ErrNotFound) {
			slog.InfoContext(ctx, "recategorise: finished", "version", CategoriserVersion, "transactions", done)
			return nil
		}
		if err != nil {
			return err
		}
		n, err := s.recategoriseAccount(ctx, accountID, connectionID)
		if err != nil {
			return err
		}
		done += n
		slog.InfoContext(ctx, "recategorise: progress", "account", accountID, "transactions", done, "left", left-int64(done))
	}
	slog.InfoContext(ctx, "recategorise: continues in a new run", "transactions", done, "left", left-int64(done))
	return s.enqueueRecategorise(ctx)
}

// recategoriseAccount categorises again one batch of an account's stale
// transactions, as one history of the connection's subject. The batch is
// categorised before the transaction that stores it: the categoriser reads
// the client's corrections from the pool, which a transaction holding a
// connection must not ask for a second one. Under its lock the transaction
// stores only the rows still stale (a correction learned meanwhile stays).
func (s *Service) recategoriseAccount(ctx context.Context, accountID, connectionID int64) (int, error) {
	subject, err := s.Store.CategorySubjectOf(ctx, connectionID)
	if err != nil {
		return 0, err
	}
	rows, err := s.Store.StaleCategoryRows(ctx, accountID, CategoriserVersion, recategoriseBatch)
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	inputs := make([]CategoryInput, len(rows))
	for i := range rows {
		inputs[i] = storedInput(&rows[i])
	}
	cats, err := s.Categoriser.CategoriseBatch(ctx, subject.ClientID, subjectKind(subject.Provider, subject.Kind), subject.OwnAccounts, inputs)
	if err != nil {
		return 0, err
	}
	updates := make(map[int64]store.CategoryUpdate, len(rows))
	for i := range rows {
		if i >= len(cats) || cats[i].Version < CategoriserVersion {
			return 0, jobs.Permanent(fmt.Errorf("aggregation: the categoriser answered no category of version %d for transaction %d", CategoriserVersion, rows[i].ID))
		}
		updates[rows[i].ID] = store.CategoryUpdate{ID: rows[i].ID, AccountID: accountID, Category: store.Category(cats[i])}
	}
	n := 0
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		still, err := tx.StaleCategoryRows(ctx, accountID, CategoriserVersion, recategoriseBatch)
		if err != nil {
			return err
		}
		kept := make([]store.CategoryUpdate, 0, len(still))
		for i := range still {
			if u, ok := updates[still[i].ID]; ok {
				kept = append(kept, u)
			}
		}
		n = len(kept)
		return tx.SetCategories(ctx, kept)
	})
	return n, err
}
