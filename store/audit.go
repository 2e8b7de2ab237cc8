package store

import (
	"context"
	"fmt"
	"time"
)

// AuditEntry is one change recorded in the audit log: who made it, from
// where, what it did to which record, and the record before and after
// (JSON; null when the record did not exist).
type AuditEntry struct {
	ID     int64     `db:"id"`
	At     time.Time `db:"at"`
	Actor  string    `db:"actor"`
	Source string    `db:"source"`
	Action string    `db:"action"`
	Target string    `db:"target"`
	Before string    `db:"before"` // JSON text
	After  string    `db:"after"`  // JSON text
}

// AuditFilter narrows the audit log; zero fields do not filter.
type AuditFilter struct {
	Actor  string // exact
	Action string // exact
	Text   string // case-insensitive substring of the target
	Before int64  // keyset: only entries older than this id
}

// AddAudit records an entry; its time is the database's clock when At is
// zero.
func (db *conn) AddAudit(ctx context.Context, e AuditEntry) error {
	var at any
	if !e.At.IsZero() {
		at = e.At
	}
	_, err := db.exec(ctx, `INSERT INTO audit_log (at, actor, source, action, target, before, after)
		VALUES (COALESCE($1, now()), $2, $3, $4, $5, $6, $7)`,
		at, e.Actor, e.Source, e.Action, e.Target, jsonOrNull(e.Before), jsonOrNull(e.After))
	if err != nil {
		return fmt.Errorf("store: add audit entry: %w", mapError(err))
	}
	return nil
}

// SearchAudit returns up to limit entries f keeps, newest first.
func (db *conn) SearchAudit(ctx context.Context, f AuditFilter, limit int) ([]AuditEntry, error) {
	var q query
	if f.Actor != "" {
		q.cond(`actor = %s`, f.Actor)
	}
	if f.Action != "" {
		q.cond(`action = %s`, f.Action)
	}
	if f.Text != "" {
		q.cond(`target ILIKE %s`, containing(f.Text))
	}
	if f.Before > 0 {
		q.cond(`id < %s`, f.Before)
	}
	sqlText := `SELECT id, at, actor, source, action, target, COALESCE(before, 'null') AS before,
		COALESCE(after, 'null') AS after FROM audit_log` + q.clause() + ` ORDER BY id DESC LIMIT ` + q.arg(limit)
	out := make([]AuditEntry, 0, limit)
	if err := db.selectAll(ctx, &out, sqlText, q.args...); err != nil {
		return nil, fmt.Errorf("store: search audit log: %w", err)
	}
	return out, nil
}

// jsonOrNull stores an empty or null document as SQL NULL.
func jsonOrNull(doc string) any {
	if doc == "" || doc == "null" {
		return nil
	}
	return doc
}
