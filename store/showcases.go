package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Viewer is who asks: Subject owns showcases, Username receives consents
// (empty for client-credentials callers, who receive none).
type Viewer struct {
	Subject  string
	Username string
}

// Showcase is a named container with a validity period, as one viewer sees
// it: Grant is the consent level the viewer's username holds on it, empty
// when none.
type Showcase struct {
	Name      string    `db:"name"`
	Owner     string    `db:"owner"`
	ValidFrom time.Time `db:"valid_from"`
	ValidTo   time.Time `db:"valid_to"`
	Grant     string    `db:"grant_level"`
}

type showcaseRow struct {
	Showcase
	Total int64 `db:"list_total"`
}

func (r showcaseRow) total() int64 { return r.Total }

// ShowcaseFilter narrows a showcase list; zero fields do not filter.
type ShowcaseFilter struct {
	NameContains string     // case-insensitive substring of the name
	ValidFromMin *time.Time // keeps valid_from >= it
	ValidToMax   *time.Time // keeps valid_to <= it
}

// Gate decides, inside the writing transaction, whether the viewer may act
// on the locked showcase; its error aborts the write unchanged.
type Gate func(Showcase) error

// ShowcaseSort lists the sort fields of showcase lists.
var ShowcaseSort = sortColumns{"name": "name", "owner": "owner", "validFrom": "valid_from", "validTo": "valid_to"}

const showcaseColumns = `s.name, s.owner, s.valid_from, s.valid_to`

// CreateShowcase inserts s owned by s.Owner unless the owner already has
// limit showcases (ErrLimit) or the name is taken (ErrConflict).
func (db *conn) CreateShowcase(ctx context.Context, s Showcase, limit int) (Showcase, error) {
	var out Showcase
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('showcases:' || $1, 0))`, s.Owner); err != nil {
			return err
		}
		var n int
		const count = `SELECT count(*) FROM (SELECT 1 FROM showcases WHERE owner = $1 LIMIT $2) o`
		if err := tx.get(ctx, &n, count, s.Owner, limit); err != nil {
			return err
		}
		if n >= limit {
			return ErrLimit
		}
		const q = `INSERT INTO showcases AS s (name, owner, valid_from, valid_to) VALUES ($1, $2, $3, $4)
			RETURNING ` + showcaseColumns + `, '' AS grant_level`
		return tx.get(ctx, &out, q, s.Name, s.Owner, s.ValidFrom, s.ValidTo)
	})
	if err != nil {
		return Showcase{}, fmt.Errorf("store: create showcase: %w", mapError(err))
	}
	return out, nil
}

// GetShowcase returns the showcase called name with the viewer's grant.
func (db *conn) GetShowcase(ctx context.Context, name string, v Viewer) (Showcase, error) {
	return db.getShowcase(ctx, name, v, "")
}

func (db *conn) getShowcase(ctx context.Context, name string, v Viewer, lock string) (Showcase, error) {
	q := `SELECT ` + showcaseColumns + `, coalesce(c.consent_level, '') AS grant_level
		FROM showcases s LEFT JOIN consents c ON c.showcase = s.name AND c.username = $2
		WHERE s.name = $1` + lock
	var s Showcase
	err := db.getPrepared(ctx, &s, q, name, v.Username)
	if errors.Is(err, sql.ErrNoRows) {
		return Showcase{}, fmt.Errorf("store: showcase %q: %w", name, missing("showcase"))
	}
	if err != nil {
		return Showcase{}, fmt.Errorf("store: showcase %q: %w", name, err)
	}
	return s, nil
}

// lockShowcase reads the showcase FOR UPDATE and lets gate decide.
func (db *conn) lockShowcase(ctx context.Context, name string, v Viewer, gate Gate) (Showcase, error) {
	s, err := db.getShowcase(ctx, name, v, ` FOR UPDATE OF s`)
	if err != nil {
		return Showcase{}, err
	}
	if err := gate(s); err != nil {
		return Showcase{}, err
	}
	return s, nil
}

// UpdateShowcase locks the showcase, lets update (which also decides
// access) compute its new validity, and stores it.
func (db *conn) UpdateShowcase(ctx context.Context, name string, v Viewer, update func(Showcase) (Showcase, error)) (Showcase, error) {
	var out Showcase
	err := db.inTx(ctx, func(tx *Tx) error {
		cur, err := tx.getShowcase(ctx, name, v, ` FOR UPDATE OF s`)
		if err != nil {
			return err
		}
		next, err := update(cur)
		if err != nil {
			return err
		}
		const q = `UPDATE showcases SET valid_from = $2, valid_to = $3 WHERE name = $1`
		if _, err := tx.exec(ctx, q, name, next.ValidFrom, next.ValidTo); err != nil {
			return err
		}
		next.Name, next.Owner, next.Grant = cur.Name, cur.Owner, cur.Grant
		out = next
		return nil
	})
	if err != nil {
		return Showcase{}, fmt.Errorf("store: update showcase %q: %w", name, mapError(err))
	}
	return out, nil
}

// DeleteShowcase deletes the showcase, its reminders and its consents when
// gate allows it.
func (db *conn) DeleteShowcase(ctx context.Context, name string, v Viewer, gate Gate) error {
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockShowcase(ctx, name, v, gate); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `DELETE FROM showcases WHERE name = $1`, name)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete showcase %q: %w", name, mapError(err))
	}
	return nil
}

// ListShowcases returns one page of the showcases the viewer owns or holds
// a consent on, narrowed by f.
func (db *conn) ListShowcases(ctx context.Context, v Viewer, f ShowcaseFilter, p Page) (PageOf[Showcase], error) {
	order, err := ShowcaseSort.orderBy(p, "name")
	if err != nil {
		return PageOf[Showcase]{}, err
	}
	var q query
	owner, username := q.arg(v.Subject), q.arg(v.Username)
	if f.NameContains != "" {
		q.cond(`s.name ILIKE %s`, containing(f.NameContains))
	}
	if f.ValidFromMin != nil {
		q.cond(`s.valid_from >= %s`, *f.ValidFromMin)
	}
	if f.ValidToMax != nil {
		q.cond(`s.valid_to <= %s`, *f.ValidToMax)
	}
	filter := ""
	for _, w := range q.where {
		filter += " AND " + w
	}
	visible := `SELECT ` + showcaseColumns + `, '' AS grant_level FROM showcases s WHERE s.owner = ` + owner + filter + `
		UNION ALL
		SELECT ` + showcaseColumns + `, c.consent_level FROM consents c JOIN showcases s ON s.name = c.showcase
		WHERE c.username = ` + username + ` AND s.owner <> ` + owner + filter
	countText, countArgs := `SELECT count(*) FROM (`+visible+`) v`, q.args
	sqlText := withTotal + visible + `) v` + order + q.limit(p)
	return selectPage(ctx, db, sqlText, q.args, countText, countArgs, func(r showcaseRow) Showcase { return r.Showcase })
}
