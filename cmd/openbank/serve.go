package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"

	"openbank/store"
	"openbank/web"
)

func serveFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	noMigrate := fs.Bool("no-migrate", false, "do not apply migrations at start (also AUTO_MIGRATE=false)")
	return func(ctx context.Context, env *environment) error {
		if *noMigrate {
			env.cfg.AutoMigrate = false
		}
		return serve(ctx, env.cfg)
	}
}

func serve(ctx context.Context, cfg web.Config) error {
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
	srv, err := web.NewServer(cfg, db.DB)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on ADDR=%s: %w (is another server using the port? set ADDR to another one)", cfg.Addr, err)
	}
	slog.Info("serving", "addr", ln.Addr().String(), "url", cfg.PublicURL.String(), "version", version)
	// Shutdown order: HTTP first, then the workers finish or hand back their jobs.
	wctx, stopWorkers := context.WithCancel(context.WithoutCancel(ctx))
	workers := make(chan struct{})
	go func() { srv.RunWorkers(wctx); close(workers) }()
	err = srv.Serve(ctx, ln)
	stopWorkers()
	<-workers
	return err
}

func migrate(ctx context.Context, db *web.Database) error {
	applied, err := store.Migrate(ctx, db.DB)
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
		defer db.Close()
		return migrate(ctx, db)
	}
}

func versionFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		fmt.Fprintln(env.stdout, "openbank", version)
		return nil
	}
}
