package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"openbank/sealing"
)

// secretsKeyFile is the embedded cluster's system key, under DATA_DIR.
const secretsKeyFile = "secrets.key"

// errNoSecretsKey is start-up on an external database without a system key.
var errNoSecretsKey = errors.New("SECRETS_KEY is not set: with DATABASE_URL the server needs a system key to " +
	"encrypt the signing keys, session keys and callback secrets it stores. Make one with `openbank secrets generate` " +
	"(or `head -c32 /dev/urandom | base64`), keep it safe and set SECRETS_KEY to it on every instance")

// secretsKeys reads SECRETS_KEY: base64 keys of 32 bytes, newest first.
func (r *envReader) secretsKeys(name string) *sealing.Keyring {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	k, err := sealing.ParseKeyring(v)
	if err != nil {
		r.fail(name, "(hidden)", strings.TrimPrefix(err.Error(), "sealing: ")+
			"; want base64 keys of 32 bytes, newest first, comma-separated: make one with `openbank secrets generate`")
		return nil
	}
	return k
}

// secretsKeyring is the keyring the store seals with: SECRETS_KEY or, for
// the embedded cluster only, a key generated once and kept under DATA_DIR.
func secretsKeyring(cfg Config) (*sealing.Keyring, error) {
	switch {
	case cfg.SecretsKeys != nil:
		return cfg.SecretsKeys, nil
	case cfg.DatabaseURL != "":
		return nil, errNoSecretsKey
	}
	return developmentKey(filepath.Join(cfg.DataDir, secretsKeyFile))
}

// developmentKey reads the key file at path, writing a new key (mode 0600)
// first when there is none.
func developmentKey(path string) (*sealing.Keyring, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		if err := writeDevelopmentKey(path); err != nil {
			return nil, fmt.Errorf("secrets key: %w", err)
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("secrets key: %w", err)
	}
	if info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("secrets key: %s is open to other users (mode %04o): run chmod 600 %s", path, info.Mode().Perm(), path)
	}
	b, err := os.ReadFile(path) //nolint:gosec // G304: the key file under the operator's DATA_DIR
	if err != nil {
		return nil, fmt.Errorf("secrets key: %w", err)
	}
	k, err := sealing.ParseKeyring(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("secrets key: %s: %w", path, err)
	}
	return k, nil
}

// writeDevelopmentKey writes a new key to path unless another process
// wrote one first: the key is written to a private temporary file and
// linked into place, so no reader ever sees half a key.
func writeDevelopmentKey(path string) error {
	key, err := sealing.GenerateKey()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".secrets.key-*") // mode 0600
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.WriteString(key + "\n"); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	slog.Info("generated the embedded database's SECRETS_KEY; keep it with the data", "file", path)
	return nil
}

// Migrate applies the SQL migrations, then seals the secrets an earlier
// version stored in plain and checks that the keyring opens every sealed
// one, so that a missing key stops the start with the key id it needs.
func (d *Database) Migrate(ctx context.Context) ([]string, error) {
	applied, err := d.Store.Migrate(ctx)
	if err != nil {
		return applied, err
	}
	counts, err := d.Reseal(ctx, false)
	if err != nil {
		return applied, fmt.Errorf("secrets at rest: %w", err)
	}
	for _, c := range counts {
		if c.Plain > 0 {
			slog.Info("sealed secrets an earlier version stored in plain", "table", c.Table, "count", c.Plain, "key_id", d.Keyring().Newest())
		}
	}
	return applied, nil
}
