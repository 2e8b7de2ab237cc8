package store

import (
	"context"
	"fmt"
	"math"
)

// ConsoleWidgets lists a client's widget links newest first, of one
// subject when subject is not empty, with ids below before (0: from the
// newest), at most limit.
func (db *conn) ConsoleWidgets(ctx context.Context, clientID, subject string, before int64, limit int) ([]Widget, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	where := `client_id = $1 AND $2 = '' AND id < $3`
	if subject != "" {
		where = `client_id = $1 AND subject_id = $2 AND id < $3`
	}
	list := make([]Widget, 0, limit)
	q := `SELECT ` + widgetColumns + ` FROM widgets WHERE ` + where + ` ORDER BY id DESC LIMIT $4`
	if err := db.selectAll(ctx, &list, q, clientID, subject, before, limit); err != nil {
		return nil, fmt.Errorf("store: console widgets: %w", err)
	}
	return list, nil
}
