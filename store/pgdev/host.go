package pgdev

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"

	"github.com/lib/pq"
)

// FindBinaries returns the directory holding initdb and pg_ctl: the one on
// PATH (where a link there leads, so that the other programs of the same
// installation, such as pg_basebackup, are found beside them), else the
// newest /usr/lib/postgresql/*/bin.
func FindBinaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			if target, err := filepath.EvalSymlinks(p); err == nil {
				p = target
			}
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", ErrNoPostgres
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// osUser is the unprivileged account the server runs as when we are root
// (initdb refuses to run as root); nil means the current user.
type osUser struct {
	uid, gid uint32
}

func serverUser() (*osUser, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("pgdev: running as root needs the system user %q to own the cluster "+
			"(it comes with the postgresql package), or run as an ordinary user: %w", "postgres", err)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return &osUser{uid: uint32(uid), gid: uint32(gid)}, nil
}

func (u *osUser) chown(path string) error {
	if u == nil {
		return nil
	}
	if err := os.Chown(path, int(u.uid), int(u.gid)); err != nil {
		return fmt.Errorf("pgdev: %w", err)
	}
	return nil
}

func (u *osUser) apply(cmd *exec.Cmd) {
	if u == nil {
		return
	}
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: u.uid, Gid: u.gid}
	cmd.Env = append(os.Environ(), "HOME="+cmd.Dir)
}

// lock serialises cluster start-up between processes sharing root.
func (c *Cluster) lock() (func(), error) {
	if err := os.MkdirAll(c.root, 0o755); err != nil { //nolint:gosec // G301: the server's own user (postgres) must reach its directories
		return nil, fmt.Errorf("pgdev: %w", err)
	}
	if c.owner != nil { // the server's user must reach its directories
		if err := os.Chmod(c.root, 0o755); err != nil { //nolint:gosec // G302: a directory the postgres user must traverse
			return nil, fmt.Errorf("pgdev: %w", err)
		}
	}
	f, err := os.OpenFile(filepath.Join(c.root, "cluster.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("pgdev: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("pgdev: lock: %w", err)
	}
	// Closing the file releases the lock even if the unlock failed.
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); _ = f.Close() }, nil
}

func (c *Cluster) ensureDatabase(ctx context.Context, name string) error {
	db, err := sql.Open("postgres", c.URL("postgres"))
	if err != nil {
		return err
	}
	defer db.Close()
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return fmt.Errorf("pgdev: connect: %w", err)
	}
	if exists {
		return nil
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		return fmt.Errorf("pgdev: create database: %w", err)
	}
	return nil
}
