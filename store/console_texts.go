package store

import (
	"context"
	"fmt"
)

// AddReminderText appends text to the catalogue under the next index.
func (db *conn) AddReminderText(ctx context.Context, text string) (ReminderText, error) {
	var out ReminderText
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `LOCK TABLE reminder_texts IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		return tx.get(ctx, &out, `INSERT INTO reminder_texts (idx, text)
			SELECT COALESCE(max(idx) + 1, 0), $1 FROM reminder_texts RETURNING idx, text`, text)
	})
	if err != nil {
		return out, fmt.Errorf("store: add reminder text: %w", mapError(err))
	}
	return out, nil
}

// SetReminderText replaces the text at idx; reminders keep the copy they
// were created with.
func (db *conn) SetReminderText(ctx context.Context, idx int32, text string) error {
	res, err := db.exec(ctx, `UPDATE reminder_texts SET text = $2 WHERE idx = $1`, idx, text)
	return affected("set reminder text", res, err)
}
