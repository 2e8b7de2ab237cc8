package main

import (
	"context"
	"fmt"
	"os"
)

// measureSmall puts the reference's 10,000 rows on scaleSmallOn accounts
// and measures GET /transactions on them.
func (s *scale) measureSmall() error {
	ctx := context.Background()
	on := s.accounts[:scaleSmallOn]
	if err := seedRows(ctx, s.db, on, 0, scaleSmall, scaleSmall); err != nil {
		return err
	}
	if err := s.settleTransactions(); err != nil {
		return err
	}
	targets, err := newestTargets(ctx, s.db, on)
	if err != nil {
		return err
	}
	s.txTargets = targets
	return s.measureRows([]operation{
		{name: scaleSmallRow, request: s.listTransactions, status: 200},
		{name: scaleSmallRowConn1, request: s.listTransactions, status: 200, conns: 1},
	})
}

// measureLarge measures GET /transactions at scaleRows on accounts spread
// over the whole table.
func (s *scale) measureLarge() error {
	sample := make([]int64, 0, scaleSample)
	for i := 0; i < len(s.accounts); i += len(s.accounts) / scaleSample {
		sample = append(sample, s.accounts[i])
	}
	targets, err := newestTargets(context.Background(), s.db, sample)
	if err != nil {
		return err
	}
	s.txTargets = targets
	p50 := goal{maxP50Ratio: 1.3}
	name := fmt.Sprintf("scale: GET /transactions, %dM rows", scaleRows/1_000_000)
	return s.measureRows([]operation{
		{name: name, reference: scaleSmallRow, request: s.listTransactions, status: 200, goal: p50},
		{name: name + ", 1 conn", reference: scaleSmallRowConn1, request: s.listTransactions, status: 200, conns: 1, goal: p50},
	})
}

// measureRows measures the operations and keeps their results.
func (s *scale) measureRows(ops []operation) error {
	results, err := measureOperations(s.client, ops, s.conns, s.dur)
	if err != nil {
		return err
	}
	for _, r := range results {
		fmt.Fprintf(os.Stderr, "bench: scale: %s p50 %s p99 %s\n", r.name, ms(r.p50), ms(r.p99))
	}
	s.results = append(s.results, results...)
	return nil
}
