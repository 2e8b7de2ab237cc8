package console

import (
	"context"
	"errors"
	"time"

	"openbank/banks"
	"openbank/store"
)

// Dashboard is what the console's first page shows.
type Dashboard struct {
	Counts       store.ConsoleCounts // failures count over the last 24 hours
	Logins       []store.ConsoleSession
	Keys         []store.KeySummary
	NextRotation time.Time     // zero: keys rotate by command only
	Refresh      *store.JobRun // the daily refresh's latest run; nil: none kept
	Banks        []BankHealth  // the banks reached over the network
}

// BankHealth is how a bank reached over the network has been answering.
type BankHealth struct {
	Info   banks.Info
	Health banks.Health
}

// networkBanks are the health of the banks reached over the network.
func (s *Service) networkBanks() []BankHealth {
	if s.Banks == nil {
		return nil
	}
	var out []BankHealth
	for _, p := range s.Banks.All() {
		if m, ok := p.(banks.Monitored); ok {
			out = append(out, BankHealth{Info: p.Info(), Health: m.Health()})
		}
	}
	return out
}

// recentLogins is how many sign-ins the dashboard lists.
const recentLogins = 10

// FailureWindow is how far back the dashboard counts failures.
const FailureWindow = 24 * time.Hour

// failuresListed is how many failed fetches the list of failures shows.
const failuresListed = 100

// FailedFetches lists the fetches that failed within FailureWindow,
// newest first: those the dashboard counts (up to 100).
func (s *Service) FailedFetches(ctx context.Context) ([]store.FailedFetch, error) {
	return s.Store.Reader().FailedFetches(ctx, s.now().Add(-FailureWindow), failuresListed)
}

// Dashboard gathers the dashboard's figures.
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	var d Dashboard
	var err error
	if d.Counts, err = s.Store.Reader().ConsoleCounts(ctx, s.now().Add(-FailureWindow)); err != nil {
		return d, err
	}
	if d.Logins, err = s.RecentLogins(ctx, recentLogins); err != nil {
		return d, err
	}
	if d.Keys, err = s.Store.SigningKeySummaries(ctx); err != nil {
		return d, err
	}
	if d.Refresh, err = s.Store.LastDailyRefresh(ctx); err != nil && !errors.Is(err, store.ErrNotFound) {
		return d, err
	}
	d.Banks = s.networkBanks()
	if s.KeyRotation > 0 && len(d.Keys) > 0 {
		d.NextRotation = d.Keys[0].ActiveFrom.Add(s.KeyRotation)
	}
	return d, nil
}
