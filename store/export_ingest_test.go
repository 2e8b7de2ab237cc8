package store

import "context"

// ServerSetting reads a server setting as the transaction sees it, for tests of
// the limits a transaction sets on itself.
func (db *conn) ServerSetting(ctx context.Context, name string) (string, error) {
	var v string
	err := db.get(ctx, &v, `SELECT current_setting($1)`, name)
	return v, err
}
