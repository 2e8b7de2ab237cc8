package store

import (
	"context"
	"fmt"
)

// ReminderText is one entry of the catalogue that selectableTextIdx indexes.
type ReminderText struct {
	Index int32  `db:"idx"`
	Text  string `db:"text"`
}

// ReminderTexts returns the whole catalogue in index order.
func (db *conn) ReminderTexts(ctx context.Context) ([]ReminderText, error) {
	out := make([]ReminderText, 0)
	if err := db.selectAll(ctx, &out, `SELECT idx, text FROM reminder_texts ORDER BY idx`); err != nil {
		return nil, fmt.Errorf("store: reminder texts: %w", err)
	}
	return out, nil
}
