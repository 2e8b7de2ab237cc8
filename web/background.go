package web

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// newAggregation builds the aggregation service over the mock banks.
func (s *Server) newAggregation() *aggregation.Service {
	clock := time.Now
	return &aggregation.Service{
		Store:     &store.Aggregation{DB: s.db},
		Banks:     banks.NewRegistry(banks.MockBanks(banks.Options{Now: clock, SlowFetch: s.cfg.SlowFetch})...),
		Clients:   s.clients,
		Signer:    s.signer,
		Clock:     clock,
		PublicURL: s.cfg.PublicURL.String(),
		Latency:   s.cfg.FetchLatency,
		HTTP: &http.Client{
			Timeout:       10 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
}

// runBackground runs the job workers and the scheduler until ctx ends and
// returns when the jobs in hand are finished or handed back.
func (s *Server) runBackground(ctx context.Context) {
	handlers := map[string]jobs.Handler{}
	for kind, h := range s.aggregation.Handlers() {
		handlers[kind] = h
	}
	pool := jobs.NewPool(&store.Jobs{DB: s.db}, handlers, jobs.Options{
		Workers: s.cfg.JobWorkers, Lease: s.cfg.JobLease, ListenDSN: s.cfg.DatabaseURL,
	})
	var wg sync.WaitGroup
	wg.Go(func() { pool.Run(ctx) })
	wg.Go(func() { s.schedule(ctx) })
	wg.Wait()
}

// schedule ticks the aggregation's daily schedules every minute.
func (s *Server) schedule(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if err := s.aggregation.Tick(ctx); err != nil && ctx.Err() == nil {
			slog.Error("scheduler", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
