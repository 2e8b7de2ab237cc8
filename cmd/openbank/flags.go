package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"openbank/web"
)

// list is a repeatable string flag.
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

// openDB opens the configured database, migrating it first when
// AUTO_MIGRATE allows, so that commands work on a fresh installation.
func openDB(ctx context.Context, cfg web.Config) (*web.Database, error) {
	db, err := web.OpenDatabase(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.AutoMigrate {
		if _, err := db.Migrate(ctx); err != nil {
			_ = db.Close() // the migration error is the one to report
			return nil, err
		}
	}
	return db, nil
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// required names a missing flag.
func required(flag, value string) error {
	if value == "" {
		return fmt.Errorf("--%s is required", flag)
	}
	return nil
}
