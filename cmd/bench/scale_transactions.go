package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"time"
)

// scaleTurns is how many turns each side of a comparison is measured in.
const scaleTurns = 5

// scaleWarmup is how long each side runs before its turns. At 64
// connections a server opens its 20 database connections as the load
// arrives, and each new PostgreSQL backend pays for its first touch of
// every shared buffer it reads (on this VM the first read of a page cost
// a backend 25 µs, the next ones nothing). With a second of warm-up the
// 10M-row side, which reads ten times as many pages per call, was still
// paying for it two or three turns later: 20–50 % slower in those turns,
// level with the reference once warm.
const scaleWarmup = 5 * time.Second

// seedSmall puts the reference's 10,000 rows on its accounts.
func (s *scale) seedSmall() error {
	ctx := context.Background()
	if err := seedRows(ctx, s.ref.db, s.refAccounts, 0, scaleSmall, scaleSmall); err != nil {
		return err
	}
	if err := settleTransactions(s.ref.db); err != nil {
		return err
	}
	targets, err := newestTargets(ctx, s.ref.db, s.refAccounts)
	s.ref.txTargets = targets
	return err
}

// measureTransactions measures GET /transactions with 10,000 rows and
// with scaleRows, in turns, at the run's concurrency and at one
// connection. The large table is asked about as many accounts as the
// reference, spread over it: the comparison is of the table's size, not
// of how many accounts' pages the cache holds (asked about 2,000 accounts,
// every call reads pages PostgreSQL's 128 MB of buffers no longer hold).
func (s *scale) measureTransactions() error {
	sample := make([]int64, 0, scaleSample)
	for i := 0; i < len(s.accounts); i += len(s.accounts) / scaleSample {
		sample = append(sample, s.accounts[i])
	}
	targets, err := newestTargets(context.Background(), s.db, sample)
	if err != nil {
		return err
	}
	s.txTargets = targets
	large := fmt.Sprintf("scale: GET /transactions, %dM rows", scaleRows/1_000_000)
	p50 := goal{maxP50Ratio: 1.3}
	for _, c := range []int{s.conns, 1} {
		suffix := ""
		if c == 1 {
			suffix = ", 1 conn"
		}
		small := operation{name: "scale: GET /transactions, 10k rows" + suffix, request: s.ref.listTransactions, status: 200, conns: c}
		big := operation{name: large + suffix, reference: small.name, request: s.listTransactions, status: 200, conns: c, goal: p50}
		s.results = append(s.results, s.inTurns(small, big)...)
	}
	return nil
}

// inTurns warms both operations up, then measures them by turns and
// gives each the median of its turns' figures.
func (s *scale) inTurns(ops ...operation) []result {
	turns := make([][]result, len(ops))
	for _, op := range ops {
		fmt.Fprintf(os.Stderr, "bench: scale: %s …\n", op.name)
		measure(s.client, op, op.conns, scaleWarmup)
	}
	for range scaleTurns {
		for i, op := range ops {
			turns[i] = append(turns[i], measure(s.client, op, op.conns, s.dur/scaleTurns))
		}
	}
	out := make([]result, len(ops))
	for i, rs := range turns {
		out[i] = medianResult(rs)
		fmt.Fprintf(os.Stderr, "bench: scale: %s p50 %s p99 %s\n", out[i].name, ms(out[i].p50), ms(out[i].p99))
	}
	return out
}

// medianResult is the median of each figure of the turns.
func medianResult(rs []result) result {
	out := rs[0]
	median := func(f func(result) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	out.rps = median(func(r result) float64 { return r.rps })
	out.p50 = time.Duration(median(func(r result) float64 { return float64(r.p50) }))
	out.p99 = time.Duration(median(func(r result) float64 { return float64(r.p99) }))
	out.errors = 0
	for _, r := range rs {
		out.errors += r.errors
	}
	return out
}
