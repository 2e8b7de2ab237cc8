package main

import (
	"context"
	"flag"
	"fmt"

	"openbank/sealing"
	"openbank/store"
)

// secretsGenerateFlags prints a new key for SECRETS_KEY.
func secretsGenerateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		key, err := sealing.GenerateKey()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(env.stdout, key)
		return err
	}
}

// rotation is what `secrets rotate` reports.
type rotation struct {
	KeyID  string              `json:"key_id"` // the newest key, which sealed every value
	Tables []store.ResealCount `json:"tables"`
}

// secretsRotateFlags seals every stored secret again with the newest key of
// SECRETS_KEY, after which the older keys can be retired.
func secretsRotateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		counts, err := db.Reseal(ctx, true)
		if err != nil {
			return fmt.Errorf("secrets rotate: %w", err)
		}
		return printJSON(env.stdout, rotation{KeyID: db.Keyring().Newest(), Tables: counts})
	}
}
