package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"openbank/banks"
)

// mockbankFlags is `openbank mockbank export`: a mock bank's data on stdout.
func mockbankFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	bank := fs.String("bank", banks.ConsumerHighRisk, "mock bank code, e.g. consumer-high-risk")
	seed := fs.Int64("seed", 1, "seed of the generated history (same seed, same data)")
	format := fs.String("format", "csv", "csv or json")
	at := fs.String("now", "", "the bank's clock, RFC 3339 (default: now)")
	return func(ctx context.Context, env *environment) error {
		now := time.Now()
		if *at != "" {
			t, err := time.Parse(time.RFC3339, *at)
			if err != nil {
				return errors.New("--now must be an RFC 3339 time, e.g. 2026-01-31T12:00:00Z")
			}
			now = t
		}
		err := banks.Export(env.stdout, *bank, *seed, *format, now)
		if errors.Is(err, banks.ErrUnknownBank) {
			var codes []string
			for _, p := range banks.MockBanks(banks.Options{}) {
				codes = append(codes, p.Info().Code)
			}
			return fmt.Errorf("unknown bank %q; the mock banks are: %s", *bank, strings.Join(codes, ", "))
		}
		return err
	}
}
