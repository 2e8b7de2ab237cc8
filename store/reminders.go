package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// ErrNoText reports a selectableTextIdx outside the reminder text catalogue.
var ErrNoText = errors.New("store: no such reminder text")

// Reminder is a record of one showcase with a relevance and a text taken
// from the catalogue entry TextIdx.
type Reminder struct {
	Showcase   string `db:"showcase"`
	Identifier string `db:"identifier"`
	Relevance  int32  `db:"relevance"`
	TextIdx    int32  `db:"text_idx"`
	Text       string `db:"text"`
}

type reminderRow struct {
	Reminder
	Total int64 `db:"list_total"`
}

func (r reminderRow) total() int64 { return r.Total }

// ReminderFilter narrows a reminder list; nil and empty fields do not filter.
type ReminderFilter struct {
	Relevance    *int32 // exact
	TextContains string // case-insensitive substring of the text
}

// ReminderSort lists the sort fields of reminder lists.
var ReminderSort = sortColumns{"identifier": "identifier", "relevance": "relevance", "text": "text"}

const reminderColumns = `showcase, identifier, relevance, text_idx, text`

// CreateReminder inserts r into its showcase when gate allows it and the
// showcase holds fewer than limit reminders (else ErrLimit). The showcase
// row lock makes the limit exact under concurrent creates.
func CreateReminder(ctx context.Context, db *sqlx.DB, r Reminder, v Viewer, limit int, gate Gate) (Reminder, error) {
	var out Reminder
	err := InTx(ctx, db, func(tx *sqlx.Tx) error {
		if _, err := lockShowcase(ctx, tx, r.Showcase, v, gate); err != nil {
			return err
		}
		var held struct {
			N    int            `db:"n"`
			Text sql.NullString `db:"text"`
		}
		const count = `SELECT (SELECT count(*) FROM (SELECT 1 FROM reminders WHERE showcase = $1 LIMIT $2) r) AS n,
			(SELECT text FROM reminder_texts WHERE idx = $3) AS text`
		if err := tx.GetContext(ctx, &held, count, r.Showcase, limit, r.TextIdx); err != nil {
			return err
		}
		if !held.Text.Valid {
			return ErrNoText
		}
		if held.N >= limit {
			return ErrLimit
		}
		const q = `INSERT INTO reminders (showcase, identifier, relevance, text_idx, text)
			VALUES ($1, $2, $3, $4, $5) RETURNING ` + reminderColumns
		return tx.GetContext(ctx, &out, q, r.Showcase, r.Identifier, r.Relevance, r.TextIdx, held.Text.String)
	})
	if err != nil {
		return Reminder{}, fmt.Errorf("store: create reminder: %w", mapError(err))
	}
	return out, nil
}

// noText turns "no row from the catalogue" into ErrNoText.
func noText(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoText
	}
	return err
}

// GetReminder returns one reminder of a showcase.
func GetReminder(ctx context.Context, db sqlx.QueryerContext, showcase, identifier string) (Reminder, error) {
	var r Reminder
	q := `SELECT ` + reminderColumns + ` FROM reminders WHERE showcase = $1 AND identifier = $2`
	err := sqlx.GetContext(ctx, db, &r, q, showcase, identifier)
	if errors.Is(err, sql.ErrNoRows) {
		return Reminder{}, fmt.Errorf("store: reminder %q: %w", identifier, missing("reminder"))
	}
	if err != nil {
		return Reminder{}, fmt.Errorf("store: reminder %q: %w", identifier, err)
	}
	return r, nil
}

// UpdateReminder locks the showcase (gate decides access) and the reminder,
// lets update compute its new relevance and text index, and stores it.
func UpdateReminder(ctx context.Context, db *sqlx.DB, showcase, identifier string, v Viewer, gate Gate, update func(Reminder) Reminder) (Reminder, error) {
	var out Reminder
	err := InTx(ctx, db, func(tx *sqlx.Tx) error {
		if _, err := lockShowcase(ctx, tx, showcase, v, gate); err != nil {
			return err
		}
		cur, err := GetReminder(ctx, tx, showcase, identifier)
		if err != nil {
			return err
		}
		next := update(cur)
		const q = `UPDATE reminders r SET relevance = $3, text_idx = t.idx, text = t.text
			FROM reminder_texts t WHERE r.showcase = $1 AND r.identifier = $2 AND t.idx = $4
			RETURNING r.showcase, r.identifier, r.relevance, r.text_idx, r.text`
		return noText(tx.GetContext(ctx, &out, q, showcase, identifier, next.Relevance, next.TextIdx))
	})
	if err != nil {
		return Reminder{}, fmt.Errorf("store: update reminder %q: %w", identifier, mapError(err))
	}
	return out, nil
}

// DeleteReminder deletes one reminder when gate allows it.
func DeleteReminder(ctx context.Context, db *sqlx.DB, showcase, identifier string, v Viewer, gate Gate) error {
	err := InTx(ctx, db, func(tx *sqlx.Tx) error {
		if _, err := lockShowcase(ctx, tx, showcase, v, gate); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE showcase = $1 AND identifier = $2`, showcase, identifier)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return missing("reminder")
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: delete reminder %q: %w", identifier, mapError(err))
	}
	return nil
}

// ListReminders returns one page of a showcase's reminders narrowed by f.
// Access to the showcase is the caller's to check first.
func ListReminders(ctx context.Context, db *sqlx.DB, showcase string, f ReminderFilter, p Page) (PageOf[Reminder], error) {
	order, err := ReminderSort.orderBy(p, "identifier")
	if err != nil {
		return PageOf[Reminder]{}, err
	}
	var q query
	q.cond(`showcase = %s`, showcase)
	if f.Relevance != nil {
		q.cond(`relevance = %s`, *f.Relevance)
	}
	if f.TextContains != "" {
		q.cond(`text ILIKE %s`, containing(f.TextContains))
	}
	from := ` FROM reminders` + q.clause()
	countSQL, countArgs := `SELECT count(*)`+from, q.args
	pageSQL := `SELECT ` + reminderColumns + `, count(*) OVER () AS list_total` + from + order + q.limit(p)
	return selectPage(ctx, db, pageSQL, q.args, countSQL, countArgs, func(r reminderRow) Reminder { return r.Reminder })
}
