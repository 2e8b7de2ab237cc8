package web

import (
	"context"
	"fmt"
	"log/slog"

	"openbank/store"
	"openbank/store/pgdev"
)

// Database is the pool every command uses, plus the embedded cluster behind
// it when DATABASE_URL is unset.
type Database struct {
	*store.Store
	URL     string // the connection string in use, also for LISTEN
	cluster *pgdev.Cluster
}

// OpenDatabase connects to DATABASE_URL or, when it is unset, to the
// embedded cluster under DATA_DIR, starting that cluster if no other
// process is running it. The store seals secrets with SECRETS_KEY (see
// secretsKeyring).
func OpenDatabase(ctx context.Context, cfg Config) (*Database, error) {
	keys, err := secretsKeyring(cfg)
	if err != nil {
		return nil, err
	}
	dsn := cfg.DatabaseURL
	var cluster *pgdev.Cluster
	if dsn == "" {
		dir := cfg.DataDir
		c, err := pgdev.Start(ctx, dir, pgdev.Options{})
		if err != nil {
			return nil, err
		}
		cluster = c
		if c.Started() {
			slog.Info("started the embedded PostgreSQL", "dir", dir)
		} else {
			slog.Info("using the embedded PostgreSQL already running", "dir", dir)
		}
		dsn = c.URL("openbank")
	}
	st, err := store.Open(ctx, dsn, store.PoolOptions{MaxOpen: cfg.DBMaxConns, MaxIdle: cfg.DBMaxConns, MaxLifetime: cfg.DBConnLifetime})
	if err != nil {
		if cluster != nil {
			_ = cluster.Stop() // the open error is the one to report
		}
		return nil, fmt.Errorf("database: %w", err)
	}
	st.SealWith(keys)
	return &Database{Store: st, URL: dsn, cluster: cluster}, nil
}

// Close closes the store, then stops the embedded cluster if this process
// started it.
func (d *Database) Close() error {
	err := d.Store.Close()
	if d.cluster != nil {
		if e := d.cluster.Stop(); e != nil && err == nil {
			err = e
		}
	}
	return err
}
