package aggregation

import (
	"context"
	"log/slog"
	"time"

	"openbank/jobs"
	"openbank/store"
)

// Job kinds of the scheduled work.
const (
	DailyRefreshJob = "daily-refresh"
	PurgeJob        = "purge"
)

// MaxExpiryNoticeDays bounds how early a consentExpiring callback may come.
const MaxExpiryNoticeDays = 30

// Tick queues the scheduled jobs that are due, its own and DailyJobs.
// Every instance calls it every minute; the schedules table lets exactly
// one queue each job per day. It also queues the re-categorisation when
// stored transactions carry an older categoriser version (first at
// start-up).
func (s *Service) Tick(ctx context.Context) error {
	if err := s.queueRecategorise(ctx); err != nil {
		return err
	}
	now := s.now()
	today := now.Truncate(24 * time.Hour)
	for _, kind := range append([]string{DailyRefreshJob, PurgeJob}, s.DailyJobs...) {
		claimed, err := s.Store.ClaimSchedule(ctx, kind, now, today)
		if err != nil {
			return err
		}
		if !claimed {
			continue
		}
		job := store.NewJob{Kind: kind, Key: kind, Payload: map[string]string{"day": today.Format(time.DateOnly)},
			MaxAttempts: jobs.DefaultMaxAttempts}
		if _, err := s.Store.Enqueue(ctx, job); err != nil {
			return err
		}
	}
	return nil
}

// RunDailyRefresh queues a fetch of every recurring connection whose
// consent is still valid and that has not fetched today, spread over
// Fetching.RefreshWindow, and the consentExpiring callbacks clients asked
// for.
func (s *Service) RunDailyRefresh(ctx context.Context, _ *store.Job) error {
	now := s.now()
	ids, err := s.Store.RecurringDue(ctx, now, now.Truncate(24*time.Hour))
	if err != nil {
		return err
	}
	queued, err := s.queueDaily(ctx, now, ids)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "daily refresh queued", "connections", queued, "window", s.Fetching.RefreshWindow.String())
	return s.noticeExpiries(ctx, now)
}

// noticeExpiries queues consentExpiring callbacks for clients that asked
// for them, once per consent.
func (s *Service) noticeExpiries(ctx context.Context, now time.Time) error {
	conns, err := s.Store.ExpiringSoon(ctx, now, now.Add(MaxExpiryNoticeDays*24*time.Hour))
	if err != nil {
		return err
	}
	for i := range conns {
		c := &conns[i]
		settings, err := s.Clients.Settings(ctx, c.ClientID)
		if err != nil {
			return err
		}
		days := settings.ExpiryNoticeDays
		if !settings.Callbacks || settings.SuccessURL == "" || days <= 0 || c.ConsentValidUntil.Time.After(now.Add(time.Duration(days)*24*time.Hour)) {
			continue
		}
		body, err := s.callbackBody(c, EventConsentExpiring)
		if err != nil {
			return err
		}
		until := c.ConsentValidUntil.Time
		body.ConsentValidUntil = &until
		err = s.Store.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.MarkExpiryNotified(ctx, c.ID, now); err != nil {
				return err
			}
			return s.queueCallback(ctx, tx, c, 0, settings.SuccessURL, body)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// RunPurge forgets idempotent answers past their window, finished jobs
// older than FinishedJobsKept and console sessions expired longer than
// ConsoleSessionsKept ago.
func (s *Service) RunPurge(ctx context.Context, _ *store.Job) error {
	now := s.now()
	if _, err := s.Store.PurgeRequests(ctx, now.Add(-IdempotencyWindow)); err != nil {
		return err
	}
	if _, err := s.Store.PurgeFinishedJobs(ctx, now.Add(-FinishedJobsKept)); err != nil {
		return err
	}
	_, err := s.Store.PurgeConsoleSessions(ctx, now.Add(-ConsoleSessionsKept))
	return err
}

// Handlers are the job handlers of the aggregation service by kind.
func (s *Service) Handlers() map[string]func(context.Context, *store.Job) error {
	return map[string]func(context.Context, *store.Job) error{
		store.FetchJob:    s.RunFetch,
		store.CallbackJob: s.DeliverCallback,
		DailyRefreshJob:   s.RunDailyRefresh,
		PurgeJob:          s.RunPurge,
		RecategoriseJob:   s.RunRecategorise,
		ApprovalJob:       s.RunApproval,
	}
}
