package web

import (
	"context"
	"net/http"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// newAggregation builds the aggregation service over the mock banks.
func (s *Server) newAggregation() *aggregation.Service {
	registry := banks.NewRegistry(banks.MockBanks(banks.Options{Now: s.clock, SlowFetch: banks.DefaultSlowFetch})...)
	return &aggregation.Service{
		Store: &store.Aggregation{DB: s.db}, Banks: registry, Clients: s.clients, Signer: s.signer,
		Clock: s.clock, PublicURL: s.cfg.PublicURL.String(), HTTP: &http.Client{Timeout: 15 * time.Second},
		Widgets: aggregation.WidgetOptions{MaxOpenings: s.cfg.WidgetMaxOpenings, TTL: s.cfg.WidgetTTL},
	}
}

// Aggregation is the server's aggregation service.
func (s *Server) Aggregation() *aggregation.Service { return s.agg }

// JobHandlers are the handlers of the server's background jobs by kind.
func (s *Server) JobHandlers() map[string]jobs.Handler {
	out := map[string]jobs.Handler{}
	for kind, h := range s.agg.Handlers() {
		out[kind] = h
	}
	return out
}

// RunWorkers runs the background jobs (fetches, callbacks) until ctx ends,
// then waits for the jobs in hand.
func (s *Server) RunWorkers(ctx context.Context) {
	jobs.NewPool(&store.Jobs{DB: s.db}, s.JobHandlers(), jobs.Options{}).Run(ctx)
}
