package console

import (
	"context"
	"encoding/json"
	"fmt"

	"openbank/store"
)

// Sources of audit entries.
const (
	SourceConsole = "console"
	SourceCLI     = "cli"
)

// AuditPageSize is how many entries one page of the audit log shows.
const AuditPageSize = 50

// Change is one change to record: Before and After are the record as it
// was and as it is (nil when it did not or no longer exists); they must
// never hold a secret.
type Change struct {
	Actor  string
	Source string
	Action string // noun.verb, e.g. showcase.create
	Target string // kind/id, e.g. showcase/alpha
	Before any
	After  any
}

// Record writes ch to the audit log.
func (s *Service) Record(ctx context.Context, ch Change) error {
	before, err := document(ch.Before)
	if err != nil {
		return err
	}
	after, err := document(ch.After)
	if err != nil {
		return err
	}
	return s.Store.AddAudit(ctx, store.AuditEntry{Actor: ch.Actor, Source: ch.Source, Action: ch.Action,
		Target: ch.Target, Before: before, After: after})
}

// Audit returns one page of the audit log narrowed by f.
func (s *Service) Audit(ctx context.Context, f store.AuditFilter) ([]store.AuditEntry, error) {
	return s.Store.Reader().SearchAudit(ctx, f, AuditPageSize)
}

func document(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("console: audit document: %w", err)
	}
	return string(b), nil
}
