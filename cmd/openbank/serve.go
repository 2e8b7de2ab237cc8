package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"openbank/handlers/docs"
	"openbank/web"
)

func serveFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	noMigrate := fs.Bool("no-migrate", false, "do not apply migrations at start (also AUTO_MIGRATE=false)")
	demo := fs.Bool("demo", false, "seed the demo client and users (idempotent), print their credentials, and let callbacks go to private addresses (CALLBACK_ALLOW_PRIVATE)")
	return func(ctx context.Context, env *environment) error {
		if *noMigrate {
			env.cfg.AutoMigrate = false
		}
		return serve(ctx, env.cfg, *demo, env.stdout)
	}
}

func serve(ctx context.Context, cfg web.Config, demo bool, stdout io.Writer) error {
	db, err := web.OpenDatabase(ctx, cfg)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			slog.Error("closing the database", "error", err)
		}
		slog.Info("stopped")
	}()
	if cfg.AutoMigrate {
		if err := migrate(ctx, db); err != nil {
			return err
		}
	}
	if demo {
		cfg.CallbackAllowPrivate = true // local work: callbacks may go to this machine
		if err := seedDemo(ctx, db, cfg, stdout); err != nil {
			return err
		}
		cfg.Demo = &docs.Demo{ClientID: demoClientID, ClientSecret: demoClientSecret, Username: demoUser, Password: demoPassword}
	}
	cfg.DatabaseURL = db.URL
	var opts []web.Option
	if cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return fmt.Errorf("listen on METRICS_ADDR=%s: %w (set METRICS_ADDR to another address, or to off)", cfg.MetricsAddr, err)
		}
		slog.Info("serving metrics", "addr", mln.Addr().String())
		opts = append(opts, web.WithMetricsListener(mln))
	}
	srv, err := web.NewServer(cfg, db.Store, opts...)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on ADDR=%s: %w (is another server using the port? set ADDR to another one)", cfg.Addr, err)
	}
	slog.Info("serving", "addr", ln.Addr().String(), "url", cfg.PublicURL.String(), "version", version)
	return srv.Serve(ctx, ln)
}

func migrate(ctx context.Context, db *web.Database) error {
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	slog.Info("database migrated", "applied", len(applied), "migrations", applied)
	return nil
}

func migrateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		db, err := web.OpenDatabase(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		return migrate(ctx, db)
	}
}

func versionFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		fmt.Fprintln(env.stdout, "openbank", version)
		return nil
	}
}
