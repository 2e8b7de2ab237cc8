package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Order sorts a list by one field, ascending unless Desc.
type Order struct {
	Field string
	Desc  bool
}

// Page asks for one page of a list: Number from 0, Size rows, sorted by
// Sort and then by the list's unique key.
type Page struct {
	Number int
	Size   int
	Sort   []Order
}

// PageOf is one page of a list and the size of the whole list.
type PageOf[T any] struct {
	Items []T
	Total int64
}

// sortColumns maps the documented sort fields of a list to SQL columns.
type sortColumns map[string]string

// Fields lists the documented sort fields, for messages and documents.
func (s sortColumns) Fields() []string {
	out := make([]string, 0, len(s))
	for f := range s {
		out = append(out, f)
	}
	return out
}

// orderBy renders the ORDER BY clause of p, ending with the unique key so
// that the order is total and paging is stable.
func (s sortColumns) orderBy(p Page, key string) (string, error) {
	var parts []string
	for _, o := range p.Sort {
		col, ok := s[o.Field]
		if !ok {
			return "", fmt.Errorf("store: sort by %q: unknown field", o.Field)
		}
		if col == key {
			key = ""
		}
		parts = append(parts, col+direction(o.Desc))
	}
	if key != "" {
		parts = append(parts, key+" ASC")
	}
	return " ORDER BY " + strings.Join(parts, ", "), nil
}

func direction(desc bool) string {
	if desc {
		return " DESC"
	}
	return " ASC"
}

// query collects the conditions and arguments of a list query.
type query struct {
	where []string
	args  []any
}

// arg adds an argument and returns its placeholder.
func (q *query) arg(v any) string {
	q.args = append(q.args, v)
	return "$" + strconv.Itoa(len(q.args))
}

// cond adds a condition in which each %s is replaced by a placeholder for
// the matching value.
func (q *query) cond(format string, values ...any) {
	ph := make([]any, len(values))
	for i, v := range values {
		ph[i] = q.arg(v)
	}
	q.where = append(q.where, fmt.Sprintf(format, ph...))
}

// clause renders the WHERE clause.
func (q *query) clause() string {
	if len(q.where) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(q.where, " AND ")
}

// limit renders LIMIT and OFFSET for p.
func (q *query) limit(p Page) string {
	return " LIMIT " + q.arg(p.Size) + " OFFSET " + q.arg(int64(p.Number)*int64(p.Size))
}

// containing is the ILIKE pattern matching any text that contains s.
func containing(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// counted is a row of a page query: the item and, from count(*) OVER (),
// the size of the whole list.
type counted interface {
	total() int64
}

// selectPage runs a page query whose rows R carry the list's total, and
// the count query only when the page is empty (past the end).
func selectPage[R counted, T any](ctx context.Context, db *conn, pageSQL string, pageArgs []any,
	countSQL string, countArgs []any, item func(R) T) (PageOf[T], error) {
	var rows []R
	if err := db.selectAll(ctx, &rows, pageSQL, pageArgs...); err != nil {
		return PageOf[T]{}, fmt.Errorf("store: list: %w", err)
	}
	out := PageOf[T]{Items: make([]T, 0, len(rows))}
	for _, r := range rows {
		out.Items = append(out.Items, item(r))
		out.Total = r.total()
	}
	if len(rows) > 0 {
		return out, nil
	}
	if err := db.get(ctx, &out.Total, countSQL, countArgs...); err != nil {
		return PageOf[T]{}, fmt.Errorf("store: count: %w", err)
	}
	return out, nil
}

// withTotal is the select list of a page query over the subquery v.
const withTotal = `SELECT *, count(*) OVER () AS list_total FROM (`
