package gateway

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"openbank/store"
)

var showcaseFields = store.ShowcaseSort.Fields()

func TestParsePage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query string
		want  store.Page
		field string
	}{
		{"", store.Page{Number: 0, Size: 20}, ""},
		{"page=3&size=100&sort=validTo,DESC&sort=name", store.Page{Number: 3, Size: 100,
			Sort: []store.Order{{Field: "validTo", Desc: true}, {Field: "name"}}}, ""},
		{"page=-1", store.Page{}, "page"},
		{"size=101", store.Page{}, "size"},
		{"size=0", store.Page{}, "size"},
		{"sort=owner,sideways", store.Page{}, "sort"},
		{"sort=password", store.Page{}, "sort"},
		{"sort=name&sort=name", store.Page{}, "sort"},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		got, err := ParsePage(q, showcaseFields)
		var fe *FieldError
		if tt.field != "" {
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Errorf("%q: got %v, want an error naming %s", tt.query, err, tt.field)
			}
			continue
		}
		if err != nil || got.Number != tt.want.Number || got.Size != tt.want.Size || !slices.Equal(got.Sort, tt.want.Sort) {
			t.Errorf("%q: got %+v, %v; want %+v", tt.query, got, err, tt.want)
		}
	}
}

// FuzzParsePage parses arbitrary query strings: never a panic; either a
// page within bounds on documented fields or an error naming a parameter.
func FuzzParsePage(f *testing.F) {
	for _, seed := range []string{"", "page=0&size=20", "sort=name,asc&sort=validFrom,desc", "size=100000000000000000000",
		"page=%zz", "sort=name,,asc", "sort=,", "page=+1", "size=0x10", "sort=name%2Cdesc"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		p, err := ParsePage(q, showcaseFields)
		var fe *FieldError
		switch {
		case err != nil && errors.As(err, &fe) && slices.Contains([]string{"page", "size", "sort"}, fe.Field):
		case err != nil:
			t.Fatalf("%q: %v does not name a parameter", raw, err)
		case p.Number < 0 || p.Size < 1 || p.Size > MaxPageSize:
			t.Fatalf("%q: page %+v out of bounds", raw, p)
		default:
			for _, o := range p.Sort {
				if !slices.Contains(showcaseFields, o.Field) {
					t.Fatalf("%q: sorts on %q", raw, o.Field)
				}
			}
		}
	})
}

// FuzzSearchShowcase validates arbitrary search filters: never a panic;
// dates either parse within years 1 to 9999 or name their field.
func FuzzSearchShowcase(f *testing.F) {
	f.Add("abc", "2025-01-01T00:00:00Z", "2025-12-31T23:59:59.999999999+14:00")
	f.Add("%_\\", "0001-01-01T00:00:00+01:00", "not a date")
	f.Fuzz(func(t *testing.T, name, start, end string) {
		fl, err := ShowcaseSearch{NameFilter: &name, StartValidity: &start, EndValidity: &end}.Filter()
		var fe *FieldError
		if err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("%v is not a field error", err)
			}
			return
		}
		for _, d := range []int{fl.ValidFromMin.Year(), fl.ValidToMax.Year()} {
			if d < 1 || d > 9999 {
				t.Fatalf("year %d accepted", d)
			}
		}
	})
}
