package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// ReminderRules are the domain's rules for creating a reminder: a showcase
// holds at most Limit; besides the owner, a grantee whose consent level is
// WriteLevel may add one; Gate decides, on the locked showcase, why a write
// is refused.
type ReminderRules struct {
	Limit      int
	WriteLevel string
	Gate       Gate
}

// CreateReminder inserts r into its showcase when the viewer may write its
// reminders and the showcase holds fewer than the limit (else ErrLimit).
// The common case is one statement; when it inserts nothing, a locking
// transaction finds out why (the gate decides 404 or 403) or inserts after
// all if things changed meanwhile.
func (db *conn) CreateReminder(ctx context.Context, r Reminder, v Viewer, rules ReminderRules) (Reminder, error) {
	out, err := db.insertReminder(ctx, r, v, rules)
	if errors.Is(err, sql.ErrNoRows) {
		out, err = db.createReminderChecked(ctx, r, v, rules)
	}
	if err != nil {
		return Reminder{}, fmt.Errorf("store: create reminder: %w", mapError(err))
	}
	return out, nil
}

// insertReminder counts the reminder on its showcase and inserts it, in one
// statement, when every condition holds; sql.ErrNoRows when one does not.
func (db *conn) insertReminder(ctx context.Context, r Reminder, v Viewer, rules ReminderRules) (Reminder, error) {
	const insert = `WITH s AS (
		UPDATE showcases s SET reminder_count = reminder_count + 1
		WHERE s.name = $1 AND s.reminder_count < $5
		  AND (s.owner = $6 OR EXISTS (SELECT 1 FROM consents c WHERE c.showcase = s.name AND c.username = $7
		                               AND $7 <> '' AND c.consent_level = $8))
		  AND EXISTS (SELECT 1 FROM reminder_texts WHERE idx = $4)
		RETURNING s.name)
	INSERT INTO reminders (showcase, identifier, relevance, text_idx, text)
	SELECT s.name, $2, $3, $4, t.text FROM s, reminder_texts t WHERE t.idx = $4
	RETURNING ` + reminderColumns
	var out Reminder
	err := db.getPrepared(ctx, &out, insert, r.Showcase, r.Identifier, r.Relevance, r.TextIdx, rules.Limit, v.Subject, v.Username,
		rules.WriteLevel)
	return out, err
}

// createReminderChecked locks the showcase and checks each condition in
// turn, to answer the precise error.
func (db *conn) createReminderChecked(ctx context.Context, r Reminder, v Viewer, rules ReminderRules) (Reminder, error) {
	var out Reminder
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockShowcase(ctx, r.Showcase, v, rules.Gate); err != nil {
			return err
		}
		var held struct {
			N    int            `db:"n"`
			Text sql.NullString `db:"text"`
		}
		const count = `SELECT (SELECT reminder_count FROM showcases WHERE name = $1) AS n,
			(SELECT text FROM reminder_texts WHERE idx = $2) AS text`
		if err := tx.get(ctx, &held, count, r.Showcase, r.TextIdx); err != nil {
			return err
		}
		if !held.Text.Valid {
			return ErrNoText
		}
		if held.N >= rules.Limit {
			return ErrLimit
		}
		var err error
		out, err = tx.insertReminder(ctx, r, v, rules)
		return err
	})
	return out, err
}

// noText turns "no row from the catalogue" into ErrNoText.
func noText(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoText
	}
	return err
}

// GetReminder returns one reminder of a showcase.
func (db *conn) GetReminder(ctx context.Context, showcase, identifier string) (Reminder, error) {
	var r Reminder
	q := `SELECT ` + reminderColumns + ` FROM reminders WHERE showcase = $1 AND identifier = $2`
	err := db.get(ctx, &r, q, showcase, identifier)
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
func (db *conn) UpdateReminder(ctx context.Context, showcase, identifier string, v Viewer, gate Gate, update func(Reminder) Reminder) (Reminder, error) {
	var out Reminder
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockShowcase(ctx, showcase, v, gate); err != nil {
			return err
		}
		cur, err := tx.GetReminder(ctx, showcase, identifier)
		if err != nil {
			return err
		}
		next := update(cur)
		const q = `UPDATE reminders r SET relevance = $3, text_idx = t.idx, text = t.text
			FROM reminder_texts t WHERE r.showcase = $1 AND r.identifier = $2 AND t.idx = $4
			RETURNING r.showcase, r.identifier, r.relevance, r.text_idx, r.text`
		return noText(tx.get(ctx, &out, q, showcase, identifier, next.Relevance, next.TextIdx))
	})
	if err != nil {
		return Reminder{}, fmt.Errorf("store: update reminder %q: %w", identifier, mapError(err))
	}
	return out, nil
}

// DeleteReminder deletes one reminder when gate allows it.
func (db *conn) DeleteReminder(ctx context.Context, showcase, identifier string, v Viewer, gate Gate) error {
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.lockShowcase(ctx, showcase, v, gate); err != nil {
			return err
		}
		res, err := tx.exec(ctx, `WITH d AS (DELETE FROM reminders WHERE showcase = $1 AND identifier = $2 RETURNING showcase)
			UPDATE showcases SET reminder_count = reminder_count - 1 WHERE name = (SELECT showcase FROM d)`, showcase, identifier)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, missing("reminder"))
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
func (db *conn) ListReminders(ctx context.Context, showcase string, f ReminderFilter, p Page) (PageOf[Reminder], error) {
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
