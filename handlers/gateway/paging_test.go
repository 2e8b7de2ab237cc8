package gateway_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

type pagedShowcase struct{ Name, Owner, ValidFrom, ValidTo string }

type showcasePage struct {
	Content                                  []pagedShowcase
	NumberOfElements, Page, Size, TotalPages int
	TotalElements                            int
}

// TestPagingWalksEveryRecordOnce builds random data sets with many ties,
// and for random sorts and page sizes checks that the concatenated pages
// are the whole set in the requested order, with exact totals.
func TestPagingWalksEveryRecordOnce(t *testing.T) {
	t.Parallel()
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(seed, 7))
			a := newAPI(t, limits(1000))
			all := randomShowcases(a.in(t), rng)
			for range 6 {
				sorts, size := randomSort(rng), 1+rng.IntN(7)
				got := walkShowcases(a.in(t), sorts, size, len(all))
				want := slices.Clone(all)
				slices.SortFunc(want, func(x, y pagedShowcase) int { return compareShowcases(x, y, sorts) })
				if !slices.Equal(got, want) {
					t.Fatalf("sort %v size %d:\n got %v\nwant %v", sorts, size, got, want)
				}
			}
		})
	}
}

// randomShowcases creates up to 40 showcases visible to alice (some of
// bob's, shared with her) with few distinct dates, so that sorts tie.
func randomShowcases(a *api, rng *rand.Rand) []pagedShowcase {
	n := rng.IntN(41)
	var out []pagedShowcase
	for i := range n {
		owner := "alice"
		if rng.IntN(4) == 0 {
			owner = "bob"
		}
		from := time.Date(2025, 1, 1+rng.IntN(3), 0, 0, 0, 0, time.UTC)
		s := pagedShowcase{Name: fmt.Sprintf("s%c%02d", 'a'+rng.IntN(26), i), Owner: owner,
			ValidFrom: from.Format(time.RFC3339), ValidTo: from.AddDate(0, 0, rng.IntN(3)).Format(time.RFC3339)}
		a.want(a.do(owner, "POST", "/showcases", map[string]string{"name": s.Name, "validFrom": s.ValidFrom, "validTo": s.ValidTo}), 201, 0)
		if owner == "bob" {
			a.consent("bob", s.Name, "alice", "READ_ONLY")
		}
		out = append(out, s)
	}
	return out
}

func randomSort(rng *rand.Rand) []string {
	fields := []string{"name", "owner", "validFrom", "validTo"}
	rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
	var out []string
	for _, f := range fields[:rng.IntN(3)] {
		out = append(out, f+[]string{",asc", ",desc", ",DESC", ""}[rng.IntN(4)])
	}
	return out
}

func walkShowcases(a *api, sorts []string, size, total int) []pagedShowcase {
	out := []pagedShowcase{}
	for page := 0; ; page++ {
		q := fmt.Sprintf("/showcases?page=%d&size=%d", page, size)
		for _, s := range sorts {
			q += "&sort=" + s
		}
		r := a.do("alice", "GET", q, nil)
		a.want(r, 200, 0)
		var p showcasePage
		r.decode(a.t, &p)
		if p.TotalElements != total || p.TotalPages != (total+size-1)/size || p.NumberOfElements != len(p.Content) || p.Page != page || p.Size != size {
			a.t.Fatalf("%s: page figures %+v for %d records", q, p, total)
		}
		if len(p.Content) == 0 {
			return out
		}
		out = append(out, p.Content...)
	}
}

func compareShowcases(x, y pagedShowcase, sorts []string) int {
	for _, s := range sorts {
		field, dir, _ := strings.Cut(s, ",")
		var c int
		switch field {
		case "name":
			c = cmp.Compare(x.Name, y.Name)
		case "owner":
			c = cmp.Compare(x.Owner, y.Owner)
		case "validFrom":
			c = cmp.Compare(x.ValidFrom, y.ValidFrom)
		case "validTo":
			c = cmp.Compare(x.ValidTo, y.ValidTo)
		}
		if dir == "desc" || dir == "DESC" {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(x.Name, y.Name)
}

func TestPagingParameters(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(10))
	a.showcase("alice", "p")
	for _, tt := range []struct {
		query, field string
	}{
		{"page=-1", "page"}, {"page=x", "page"}, {"page=2147483648", "page"}, {"size=0", "size"},
		{"size=101", "size"}, {"size=1.5", "size"}, {"sort=colour,asc", "sort"}, {"sort=name,up", "sort"},
		{"sort=name&sort=name,desc", "sort"}, {"sort=", "sort"}, {"page=1&page=2", "page"},
	} {
		for _, path := range []string{"/showcases?", "/showcases/p/reminders?", "/consents?"} {
			r := a.do("alice", "GET", path+tt.query, nil)
			if r.Status != 400 || !contains(r.Body, `"description":"`+tt.field+`:`) {
				t.Errorf("%s%s: got %d %s, want 400 naming %s", path, tt.query, r.Status, r.Body, tt.field)
			}
		}
	}
	r := a.do("alice", "POST", "/showcases/search?size=0", `{}`)
	a.want(r, 400, 4000)
	r = a.do("alice", "GET", "/showcases?page=5&size=100&sort=validTo,DESC", nil)
	a.want(r, 200, 0)
}
