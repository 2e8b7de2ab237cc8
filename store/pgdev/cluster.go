package pgdev

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Port is the port number in the socket's file name; no TCP port is opened.
const Port = 5432

// Options tune a cluster; the zero value suits development.
type Options struct {
	// Settings are extra `-c name=value` server settings.
	Settings map[string]string
	// Database is created when missing; empty means "openbank".
	Database string
}

// Cluster is a private PostgreSQL cluster under one directory.
type Cluster struct {
	root    string
	bin     string
	owner   *osUser
	started bool
}

// ErrNoPostgres says that no PostgreSQL server binaries were found.
var ErrNoPostgres = errors.New("no PostgreSQL server found: install it (Debian/Ubuntu: apt-get install postgresql) " +
	"or set DATABASE_URL to an existing database")

// Start opens the cluster under root, creating and starting it as needed.
// A cluster already running (started by another process) is used as is and
// left running by Stop.
func Start(ctx context.Context, root string, opts Options) (*Cluster, error) {
	bin, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	root, err = filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	owner, err := serverUser()
	if err != nil {
		return nil, err
	}
	c := &Cluster{root: root, bin: bin, owner: owner}
	unlock, err := c.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := c.prepare(ctx); err != nil {
		return nil, err
	}
	if !c.running(ctx) {
		if err := c.start(ctx, opts.Settings); err != nil {
			return nil, err
		}
		c.started = true
	}
	if err := c.ensureDatabase(ctx, dbName(opts.Database)); err != nil {
		_ = c.Stop() // the error that matters is the one above
		return nil, err
	}
	return c, nil
}

func dbName(name string) string {
	if name == "" {
		return "openbank"
	}
	return name
}

// URL is the lib/pq connection string for a database of the cluster.
func (c *Cluster) URL(database string) string {
	return fmt.Sprintf("host=%s port=%d user=postgres dbname=%s sslmode=disable", c.socketDir(), Port, dbName(database))
}

// Started reports whether this process started the server (and will stop it).
func (c *Cluster) Started() bool { return c.started }

// Stop shuts the server down if this process started it.
func (c *Cluster) Stop() error {
	if !c.started {
		return nil
	}
	c.started = false
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return c.pgctl(ctx, "stop", "-D", c.dataDir(), "-m", "fast", "-w")
}

func (c *Cluster) dataDir() string   { return filepath.Join(c.root, "postgres") }
func (c *Cluster) socketDir() string { return filepath.Join(c.root, "run") }
func (c *Cluster) logFile() string   { return filepath.Join(c.root, "postgres.log") }

// prepare creates the directories and runs initdb on first use.
func (c *Cluster) prepare(ctx context.Context) error {
	for _, dir := range []string{c.dataDir(), c.socketDir()} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("pgdev: %w", err)
		}
		if err := c.owner.chown(dir); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(c.dataDir(), "PG_VERSION")); err == nil {
		return nil
	}
	return c.run(ctx, "initdb", "-D", c.dataDir(), "-U", "postgres", "--auth=trust",
		"--encoding=UTF8", "--locale=C.UTF-8", "--no-sync")
}

func (c *Cluster) running(ctx context.Context) bool {
	return c.pgctl(ctx, "status", "-D", c.dataDir()) == nil
}

func (c *Cluster) start(ctx context.Context, settings map[string]string) error {
	if err := touch(c.logFile(), c.owner); err != nil {
		return err
	}
	opts := []string{"-k", c.socketDir(), "-c", "listen_addresses=", "-p", fmt.Sprint(Port)}
	for k, v := range settings {
		opts = append(opts, "-c", k+"="+v)
	}
	return c.pgctl(ctx, "start", "-D", c.dataDir(), "-w", "-t", "120", "-l", c.logFile(),
		"-o", strings.Join(opts, " "))
}

func (c *Cluster) pgctl(ctx context.Context, args ...string) error {
	return c.run(ctx, "pg_ctl", args...)
}

// run executes a PostgreSQL program as the cluster's owner, in its own
// process group so that a Ctrl-C aimed at the server does not reach it.
func (c *Cluster) run(ctx context.Context, program string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, program), args...) //nolint:gosec // G204: PostgreSQL's own programs, found under its bin directory
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Dir = c.root
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.owner.apply(cmd)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pgdev: %s %s: %w: %s", program, args[0], err, strings.TrimSpace(out.String()))
	}
	return nil
}

func touch(path string, owner *osUser) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600) //nolint:gosec // G304: a path under the cluster's own directory
	if err != nil {
		return fmt.Errorf("pgdev: %w", err)
	}
	f.Close()
	return owner.chown(path)
}
