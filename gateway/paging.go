package gateway

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"openbank/store"
)

// Page sizes.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// ParsePage reads the page, size and sort query parameters of a paged list
// whose sort fields are fields.
func ParsePage(q url.Values, fields []string) (store.Page, error) {
	p := store.Page{Number: 0, Size: DefaultPageSize}
	for _, name := range []string{"page", "size"} {
		if len(q[name]) > 1 {
			return p, invalid(name, "may be given once")
		}
	}
	var err error
	if v, ok := single(q, "page"); ok {
		if p.Number, err = whole("page", v, 0, 1<<31-1); err != nil {
			return p, err
		}
	}
	if v, ok := single(q, "size"); ok {
		if p.Size, err = whole("size", v, 1, MaxPageSize); err != nil {
			return p, err
		}
	}
	for _, s := range q["sort"] {
		o, err := parseOrder(s, fields)
		if err != nil {
			return p, err
		}
		if slices.ContainsFunc(p.Sort, func(x store.Order) bool { return x.Field == o.Field }) {
			return p, invalid("sort", fmt.Sprintf("%q is sorted on twice", o.Field))
		}
		p.Sort = append(p.Sort, o)
	}
	return p, nil
}

func single(q url.Values, name string) (string, bool) {
	v, ok := q[name]
	if !ok || len(v) == 0 {
		return "", false
	}
	return v[0], true
}

func whole(name, v string, lo, hi int) (int, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < int64(lo) || n > int64(hi) {
		return 0, invalid(name, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
	}
	return int(n), nil
}

// parseOrder reads "field" or "field,asc|desc".
func parseOrder(s string, fields []string) (store.Order, error) {
	field, dir, hasDir := strings.Cut(s, ",")
	sorted := slices.Sorted(slices.Values(fields))
	if !slices.Contains(fields, field) {
		return store.Order{}, invalid("sort", fmt.Sprintf("%q is not a sort field; use one of %s", field, strings.Join(sorted, ", ")))
	}
	o := store.Order{Field: field}
	switch {
	case !hasDir || strings.EqualFold(dir, "asc"):
	case strings.EqualFold(dir, "desc"):
		o.Desc = true
	default:
		return store.Order{}, invalid("sort", fmt.Sprintf("order %q must be asc or desc", dir))
	}
	return o, nil
}
