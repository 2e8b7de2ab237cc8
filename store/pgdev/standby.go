package pgdev

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// slotName is what a replication slot may be called.
var slotName = regexp.MustCompile(`^[a-z0-9_]{1,63}$`)

// StartStandby makes a hot standby of the running cluster c under root and
// starts it: a base backup through pg_basebackup -R (which writes
// primary_conninfo and standby.signal), streaming from a new physical
// replication slot named slot, so that the primary keeps the WAL the
// standby still needs. The primary needs wal_level=replica (PostgreSQL's
// default) and a free WAL sender. opts.Settings must hold at least the
// primary's max_connections; opts.Database is not used.
func (c *Cluster) StartStandby(ctx context.Context, root, slot string, opts Options) (*Cluster, error) {
	if !slotName.MatchString(slot) {
		return nil, fmt.Errorf("pgdev: standby: slot %q must be 1 to 63 of a-z, 0-9 and _", slot)
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	s := &Cluster{root: root, bin: c.bin, owner: c.owner}
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(s.dataDir(), "PG_VERSION")); err == nil {
		return nil, fmt.Errorf("pgdev: standby: %s already holds a cluster", s.dataDir())
	}
	if err := s.prepareBackup(); err != nil {
		return nil, err
	}
	if err := s.run(ctx, "pg_basebackup", "-D", s.dataDir(), "-h", c.socketDir(), "-p", fmt.Sprint(Port),
		"-U", "postgres", "-R", "-X", "stream", "-C", "-S", slot, "-c", "fast", "--no-sync"); err != nil {
		return nil, err
	}
	if err := s.start(ctx, opts.Settings); err != nil {
		return nil, err
	}
	s.started = true
	return s, nil
}

// prepareBackup makes the standby's socket directory and an empty data
// directory owned by the server's user, as pg_basebackup wants it.
func (s *Cluster) prepareBackup() error {
	for _, dir := range []string{s.dataDir(), s.socketDir()} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("pgdev: %w", err)
		}
		if err := s.owner.chown(dir); err != nil {
			return err
		}
	}
	return nil
}
