package main

import "fmt"

// relationSize is one part of the transactions table's storage.
type relationSize struct {
	Name  string `db:"name"`
	Bytes int64  `db:"bytes"`
}

// scaleSizeQuery lists the heap (with its free-space and visibility maps),
// the TOAST table and each index of the transactions table.
const scaleSizeQuery = `SELECT 'heap' AS name, pg_table_size(t.oid) - coalesce(pg_total_relation_size(t.reltoastrelid), 0) AS bytes
		FROM pg_class t WHERE t.oid = 'transactions'::regclass
	UNION ALL SELECT 'toast', coalesce(pg_total_relation_size(t.reltoastrelid), 0)
		FROM pg_class t WHERE t.oid = 'transactions'::regclass
	UNION ALL (SELECT i.indexrelid::regclass::text, pg_relation_size(i.indexrelid)
		FROM pg_index i WHERE i.indrelid = 'transactions'::regclass ORDER BY 1)`

// maxBytesPerRow is the bound on a stored transaction's bytes.
const maxBytesPerRow = 300

// measureSize reports the bytes a stored transaction takes, table and
// indexes together, with the part of each.
func (s *scale) measureSize() error {
	var rows, total int64
	if err := s.db.Get(&rows, `SELECT count(*) FROM transactions`); err != nil {
		return err
	}
	if err := s.db.Get(&total, `SELECT pg_total_relation_size('transactions')`); err != nil {
		return err
	}
	parts := []relationSize{}
	if err := s.db.Select(&parts, scaleSizeQuery); err != nil {
		return err
	}
	per := float64(total) / float64(rows)
	s.note("\nscale: transactions table: %d rows, %s in all, %.0f B per row (target ≤ %d B: %s)",
		rows, mib(total), per, maxBytesPerRow, verdict(per <= maxBytesPerRow))
	for _, p := range parts {
		s.note("scale:   %-44s %10s %6.1f B per row", p.Name, mib(p.Bytes), float64(p.Bytes)/float64(rows))
	}
	return nil
}

// mib is a size in MiB.
func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// verdict is the met column's word for a figure with an absolute target.
func verdict(met bool) string {
	if met {
		return "yes"
	}
	return "NO"
}
