package web

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

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
	pool := store.PoolOptions{MaxOpen: cfg.DBMaxConns, MaxIdle: cfg.DBMaxConns, MaxLifetime: cfg.DBConnLifetime}
	st, err := store.Open(ctx, dsn, pool)
	if err == nil {
		st.SealWith(keys)
		err = openReader(ctx, st, cfg.DatabaseReadURL, pool, readConns(cfg))
	}
	if err != nil {
		if cluster != nil {
			_ = cluster.Stop() // the open error is the one to report
		}
		return nil, fmt.Errorf("database: %w", err)
	}
	return &Database{Store: st, URL: dsn, cluster: cluster}, nil
}

// readConns is how many connections to the primary the read-only queries
// get besides DB_MAX_CONNS when there is no replica: a quarter as many, at
// least one, so that the writes keep every connection DB_MAX_CONNS gives
// them.
func readConns(cfg Config) int {
	if cfg.DatabaseReadURL != "" {
		return 0
	}
	return max(1, cfg.DBMaxConns/4)
}

// openReader gives st's read-only queries (store.Store.Reader) a pool of
// their own: the replica of DATABASE_READ_URL when set, else reads
// connections to the primary, kept open. An unreachable replica does not
// stop the start: reads go to the primary until it answers.
func openReader(ctx context.Context, st *store.Store, dsn string, pool store.PoolOptions, reads int) error {
	var err error
	switch {
	case dsn != "":
		err = st.OpenReplica(ctx, dsn, pool, slog.Default())
	case reads > 0:
		err = st.OpenReadPool(ctx, store.PoolOptions{MaxOpen: reads, MaxIdle: reads, MaxLifetime: pool.MaxLifetime, KeepIdle: true})
	default:
		return nil
	}
	if err != nil {
		_ = st.Close() // the reader's error is the one to report
		return err
	}
	if dsn != "" {
		slog.Info("read-only queries go to the replica of DATABASE_READ_URL")
	}
	return nil
}

// readURL checks DATABASE_READ_URL: a connection string like DATABASE_URL,
// and only beside it (the embedded cluster has no replica).
func (r *envReader) readURL(primary, replica string) {
	switch {
	case replica == "":
	case primary == "":
		r.fail("DATABASE_READ_URL", "(hidden)", "needs DATABASE_URL: a replica streams from a primary named there, never from the embedded database")
	case !strings.HasPrefix(replica, "postgres") && !strings.Contains(replica, "="):
		r.fail("DATABASE_READ_URL", "(hidden)", "must be a postgres:// URL or key=value connection string of a streaming replica of DATABASE_URL")
	case replica == primary:
		r.fail("DATABASE_READ_URL", "(hidden)", "names the same database as DATABASE_URL: unset it, or point it at a streaming replica")
	}
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
