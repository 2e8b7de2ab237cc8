package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jmoiron/sqlx"
)

// sustainedResult is the refetches of the fleet with nothing new.
type sustainedResult struct {
	cpu             cpuSpent
	fetches, failed int
	took            time.Duration
	steady          float64 // fetches/s from the 10th to the 90th percentile of completions
}

// grow creates connections up to fetchFleet and waits for their first
// fetches.
func (a *fetchAPI) grow(db *sqlx.DB) error {
	if _, err := a.connectAtOnce(fetchBurst, fetchFleet); err != nil {
		return err
	}
	_, _, err := awaitFetches(db, "connect", fetchFleet)
	return err
}

// sustained queues fetchRounds refetches of each connection at once and
// times them.
func (a *fetchAPI) sustained(db *sqlx.DB) (sustainedResult, error) {
	start := time.Now()
	queued, err := queueRounds(context.Background(), db)
	if err != nil {
		return sustainedResult{}, err
	}
	t, samples, err := awaitFetches(db, "refetch", queued)
	if err != nil {
		return sustainedResult{}, err
	}
	return sustainedResult{fetches: t.Total, failed: t.Failed, took: t.Last.Time.Sub(start), steady: steadyRate(samples, t.Total)}, nil
}

// steadyRate is the completion rate between the first samples at 10% and
// at 90% of total, leaving out the first wait on the bank and the tail.
func steadyRate(samples []sample, total int) float64 {
	var from, to *sample
	for i := range samples {
		s := &samples[i]
		if from == nil && s.finished*10 >= total {
			from = s
		}
		if to == nil && s.finished*10 >= total*9 {
			to = s
		}
	}
	if from == nil || to == nil || !to.at.After(from.at) {
		return 0
	}
	return float64(to.finished-from.finished) / to.at.Sub(from.at).Seconds()
}

func printFetches(w io.Writer, b burstResult, s sustainedResult) {
	fmt.Fprintf(w, "\n%-70s %10s %8s %4s %6s %9s %9s %12s\n", "fetches with FETCH_LATENCY=2s, default job settings",
		"figure", "target", "met", "failed", "CPU/fetch", "2 cores", "server+db")
	fmt.Fprintf(w, "%-70s %9.2fs %8s %4s %6d %7.1fms %7.0f/s %12s\n", fmt.Sprintf("first fetches of %d connections created at once through the API", fetchBurst),
		b.took.Seconds(), fmt.Sprintf("≤ %.0fs", burstTarget.Seconds()), metMark(b.took <= burstTarget), b.failed,
		b.cpu.perFetch(fetchBurst), capacity(b.cpu.perFetch(fetchBurst)), b.cpu.split(fetchBurst))
	fmt.Fprintf(w, "%-70s %9.2fs\n", "  of which the last POST /connections answered after", b.answered.Seconds())
	fmt.Fprintf(w, "%-70s %8.0fMB\n", "  the server's peak RSS by then", float64(b.peakRSS)/(1<<20))
	fmt.Fprintf(w, "%-70s %8.0f/s %8s %4s %6d %7.1fms %7.0f/s %12s\n", fmt.Sprintf("sustained refetches, %d connections × %d, nothing new (10%%–90%%)", fetchFleet, fetchRounds),
		s.steady, fmt.Sprintf("≥ %.0f/s", sustainedTarget), metMark(s.steady >= sustainedTarget), s.failed,
		s.cpu.perFetch(s.fetches), capacity(s.cpu.perFetch(s.fetches)), s.cpu.split(s.fetches))
	fmt.Fprintf(w, "%-70s %8.0f/s\n", fmt.Sprintf("  all %d, queued → last done in %.2fs", s.fetches, s.took.Seconds()), float64(s.fetches)/s.took.Seconds())
	fmt.Fprintln(w, "CPU/fetch: the server's and PostgreSQL's CPU time over the phase per fetch (server+db, ms); 2 cores: what that CPU allows on two idle cores")
}

// capacity is the fetches/s two idle cores allow at ms of CPU per fetch.
func capacity(ms float64) float64 {
	if ms <= 0 {
		return 0
	}
	return 2000 / ms
}

// metMark says whether a target was met.
func metMark(met bool) string {
	if met {
		return "yes"
	}
	return "NO"
}
