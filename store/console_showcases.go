package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ConsoleShowcaseSort names the columns the console sorts showcases by;
// each has an index ending with the name, so every page is an index scan.
var ConsoleShowcaseSort = map[string]string{"name": "name", "validFrom": "valid_from", "validTo": "valid_to"}

// ShowcaseCursor is where a page of showcases starts: after the row with
// this sort value and name.
type ShowcaseCursor struct {
	At   *time.Time // the sort value when sorting by a validity date
	Name string
}

// ConsoleShowcaseQuery asks for one page of every owner's showcases.
type ConsoleShowcaseQuery struct {
	Owner        string // exact; empty: every owner
	NameContains string
	Sort         string // a key of ConsoleShowcaseSort
	Desc         bool
	After        *ShowcaseCursor // nil: the first page
	Limit        int
}

// ConsoleShowcases returns one page of showcases of any owner, paged by
// keyset (sort value, name) so a late page costs what the first does.
func (db *conn) ConsoleShowcases(ctx context.Context, in ConsoleShowcaseQuery) ([]Showcase, error) {
	col, ok := ConsoleShowcaseSort[in.Sort]
	if !ok {
		return nil, fmt.Errorf("store: sort showcases by %q: unknown field", in.Sort)
	}
	var q query
	if in.Owner != "" {
		q.cond(`owner = %s`, in.Owner)
	}
	if in.NameContains != "" {
		q.cond(`name ILIKE %s`, containing(in.NameContains))
	}
	cmp, dir := ">", " ASC"
	if in.Desc {
		cmp, dir = "<", " DESC"
	}
	switch {
	case in.After != nil && col == "name":
		q.cond(`name `+cmp+` %s`, in.After.Name)
	case in.After != nil && in.After.At != nil:
		q.cond(`(`+col+`, name) `+cmp+` (%s, %s)`, *in.After.At, in.After.Name)
	}
	order := " ORDER BY " + col + dir
	if col != "name" {
		order += ", name" + dir
	}
	sqlText := `SELECT name, owner, valid_from, valid_to, '' AS grant_level FROM showcases` + q.clause() + order +
		` LIMIT ` + q.arg(in.Limit)
	out := make([]Showcase, 0, in.Limit)
	if err := db.selectAll(ctx, &out, sqlText, q.args...); err != nil {
		return nil, fmt.Errorf("store: console showcases: %w", err)
	}
	return out, nil
}

// ShowcaseOwner returns the owner of the showcase called name, or
// ErrNotFound.
func (db *conn) ShowcaseOwner(ctx context.Context, name string) (string, error) {
	var owner string
	err := db.get(ctx, &owner, `SELECT owner FROM showcases WHERE name = $1`, name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: showcase %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: showcase owner: %w", err)
	}
	return owner, nil
}

// ConsoleConsents returns up to limit consents of a showcase or of a
// username (either may be empty), by identifier after the given one.
func (db *conn) ConsoleConsents(ctx context.Context, showcase, username string, after int32, limit int) ([]Consent, error) {
	var q query
	if showcase != "" {
		q.cond(`c.showcase = %s`, showcase)
	}
	if username != "" {
		q.cond(`c.username = %s`, username)
	}
	q.cond(`c.identifier > %s`, after)
	sqlText := `SELECT ` + consentColumns + ` FROM consents c JOIN showcases s ON s.name = c.showcase` + q.clause() +
		` ORDER BY c.identifier LIMIT ` + q.arg(limit)
	out := make([]Consent, 0, limit)
	if err := db.selectAll(ctx, &out, sqlText, q.args...); err != nil {
		return nil, fmt.Errorf("store: console consents: %w", err)
	}
	return out, nil
}
