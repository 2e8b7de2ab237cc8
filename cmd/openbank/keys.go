package main

import (
	"context"
	"flag"
	"time"

	"openbank/oauth"
)

func keysRotateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		ks, err := oauth.NewKeySet(ctx, db.Store, time.Now, env.cfg.AccessTokenTTL+5*time.Minute)
		if err != nil {
			return err
		}
		kid, err := ks.Rotate(ctx)
		if err != nil {
			return err
		}
		return printJSON(env.stdout, map[string]string{"signing_kid": kid})
	}
}
