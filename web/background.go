package web

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"openbank/aggregation"
	"openbank/aggregation/results"
	"openbank/banks"
	"openbank/egress"
	"openbank/jobs"
	"openbank/store"
)

// newAggregation builds the aggregation service over the mock banks and
// the directory's banks, with
// the insight categoriser for the transactions it stores.
func (s *Server) newAggregation() (*aggregation.Service, error) {
	providers, err := s.providers()
	if err != nil {
		return nil, err
	}
	registry := banks.NewRegistry(providers...)
	for _, p := range s.extraBanks {
		registry.Add(p)
	}
	categoriser, err := aggregation.NewInsight(s.store)
	if err != nil {
		return nil, err
	}
	outbound := s.cfg.Outbound()
	id := s.cfg.Callbacks.Identity
	agg := &aggregation.Service{
		Store: s.store, Banks: registry, Clients: s.clients, Signer: s.signer,
		Clock: s.clock, PublicURL: s.cfg.PublicURL.String(), Latency: s.cfg.FetchLatency,
		HTTP:        outbound.ClientWith(10*time.Second, egress.Identity{RootCAs: id.RootCAs, Source: id.Source}),
		Outbound:    outbound,
		Categoriser: categoriser,
		SaveLimit:   s.cfg.JobLease,
		Fetching:    aggregation.FetchPolicy{RefreshWindow: s.cfg.RefreshWindow},
		Banking:     aggregation.NewBankGate(s.cfg.BankMaxConcurrency),
		DailyJobs:   []string{results.CleanupJob},
		Quotas:      s.cfg.AggregationQuotas,

		TestBanksInProduction: s.cfg.TestBanksInProduction,
		Tokens:                &aggregation.TokenCache{},
	}
	if len(id.Certificates) > 0 {
		agg.MTLSHTTP = outbound.ClientWith(10*time.Second, id)
	}
	s.metrics.registry.MustRegister(newFetchCollector(agg.Banking), newBankCollector(registry))
	return agg, nil
}

// newResults builds the analytics and reports of subjects. Their links
// are signed with keys derived from the session keys (newest first); the
// job workers sign none and pass nil.
func (s *Server) newResults(sessionKeys [][]byte) *results.Service {
	keys := make([][]byte, len(sessionKeys))
	for i, k := range sessionKeys {
		keys[i] = derive(k, "result-links")
	}
	return &results.Service{Store: s.store, Clock: s.clock, TTL: s.cfg.ResultTTL,
		Links: results.LinkSigner{Base: s.cfg.PublicURL.String(), Keys: keys}}
}

// Aggregation is the server's aggregation service, for tests.
func (s *Server) Aggregation() *aggregation.Service { return s.agg }

// JobHandlers are the handlers of the server's background jobs by kind.
func (s *Server) JobHandlers() map[string]jobs.Handler {
	out := map[string]jobs.Handler{}
	for kind, h := range s.agg.Handlers() {
		out[kind] = h
	}
	for kind, h := range s.newResults(nil).Handlers() {
		out[kind] = h
	}
	out[store.ConnectionDeleteJob] = s.agg.RunConnectionDelete
	return out
}

// runBackground runs the job workers and the scheduler until ctx ends and
// returns when the jobs in hand are finished or handed back.
func (s *Server) runBackground(ctx context.Context) {
	pool := jobs.NewPool(s.store, s.JobHandlers(), jobs.Options{
		Workers: s.cfg.JobWorkers, InFlight: s.cfg.JobInFlight, Waiting: []string{store.FetchJob},
		Lease: s.cfg.JobLease, ListenDSN: s.cfg.DatabaseURL,
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
		if err := s.agg.Tick(ctx); err != nil && ctx.Err() == nil {
			slog.Error("scheduler", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
