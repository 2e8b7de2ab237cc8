package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Consent grants a username a level of access to a showcase. Owner is the
// showcase's owner, read along for access decisions.
type Consent struct {
	Identifier int32  `db:"identifier"`
	Showcase   string `db:"showcase"`
	Username   string `db:"username"`
	Level      string `db:"consent_level"`
	Owner      string `db:"owner"`
}

type consentRow struct {
	Consent
	Total int64 `db:"list_total"`
}

func (r consentRow) total() int64 { return r.Total }

// ConsentSort lists the sort fields of consent lists.
var ConsentSort = sortColumns{"identifier": "identifier", "showcase": "showcase", "username": "username", "consentLevel": "consent_level"}

const consentColumns = `c.identifier, c.showcase, c.username, c.consent_level, s.owner`

// CreateConsent inserts c when gate allows it on the locked showcase and the
// showcase holds fewer than limit consents (else ErrLimit). A second
// consent for the same username is ErrConflict.
func (db *conn) CreateConsent(ctx context.Context, c Consent, v Viewer, limit int, gate Gate) (Consent, error) {
	var out Consent
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockShowcase(ctx, c.Showcase, v, gate); err != nil {
			return err
		}
		var held struct {
			N     int  `db:"n"`
			Taken bool `db:"taken"`
		}
		const count = `SELECT count(*) AS n, coalesce(bool_or(username = $2), false) AS taken
			FROM consents WHERE showcase = $1`
		if err := tx.get(ctx, &held, count, c.Showcase, c.Username); err != nil {
			return err
		}
		if held.Taken {
			return ErrConflict
		}
		if held.N >= limit {
			return ErrLimit
		}
		const q = `WITH c AS (INSERT INTO consents (showcase, username, consent_level) VALUES ($1, $2, $3) RETURNING *)
			SELECT ` + consentColumns + ` FROM c JOIN showcases s ON s.name = c.showcase`
		return tx.get(ctx, &out, q, c.Showcase, c.Username, c.Level)
	})
	if err != nil {
		return Consent{}, fmt.Errorf("store: create consent: %w", mapError(err))
	}
	return out, nil
}

// GetConsent returns the consent with this identifier on this showcase.
func (db *conn) GetConsent(ctx context.Context, identifier int32, showcase string) (Consent, error) {
	return db.getConsent(ctx, identifier, showcase, "")
}

func (db *conn) getConsent(ctx context.Context, identifier int32, showcase, lock string) (Consent, error) {
	var c Consent
	q := `SELECT ` + consentColumns + ` FROM consents c JOIN showcases s ON s.name = c.showcase
		WHERE c.identifier = $1 AND c.showcase = $2` + lock
	err := db.get(ctx, &c, q, identifier, showcase)
	if errors.Is(err, sql.ErrNoRows) {
		return Consent{}, fmt.Errorf("store: consent %d: %w", identifier, missing("consent"))
	}
	if err != nil {
		return Consent{}, fmt.Errorf("store: consent %d: %w", identifier, err)
	}
	return c, nil
}

// DeleteConsent deletes the consent when allow, called with it locked,
// returns nil.
func (db *conn) DeleteConsent(ctx context.Context, identifier int32, showcase string, allow func(Consent) error) error {
	err := db.inTx(ctx, func(tx *Tx) error {
		c, err := tx.getConsent(ctx, identifier, showcase, ` FOR UPDATE OF c`)
		if err != nil {
			return err
		}
		if err := allow(c); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM consents WHERE identifier = $1`, identifier)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete consent %d: %w", identifier, mapError(err))
	}
	return nil
}

// ListConsents returns one page of the consents the viewer may see: those
// on showcases it owns and those granted to its username.
func (db *conn) ListConsents(ctx context.Context, v Viewer, p Page) (PageOf[Consent], error) {
	order, err := ConsentSort.orderBy(p, "identifier")
	if err != nil {
		return PageOf[Consent]{}, err
	}
	var q query
	owner, username := q.arg(v.Subject), q.arg(v.Username)
	visible := `SELECT ` + consentColumns + ` FROM consents c JOIN showcases s ON s.name = c.showcase WHERE s.owner = ` + owner + `
		UNION ALL
		SELECT ` + consentColumns + ` FROM consents c JOIN showcases s ON s.name = c.showcase
		WHERE c.username = ` + username + ` AND s.owner <> ` + owner
	countSQL, countArgs := `SELECT count(*) FROM (`+visible+`) v`, q.args
	pageSQL := withTotal + visible + `) v` + order + q.limit(p)
	return selectPage(ctx, db, pageSQL, q.args, countSQL, countArgs, func(r consentRow) Consent { return r.Consent })
}
