package admin

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/store"
	"openbank/views"
)

// ShowcaseList is GET /admin/showcases: every owner's showcases, searched
// by name and owner, sorted by a column, paged by keyset.
func (h *Handler) ShowcaseList(c *gin.Context) {
	q := store.ConsoleShowcaseQuery{Owner: strings.TrimSpace(c.Query("owner")), NameContains: strings.TrimSpace(c.Query("q")),
		Sort: c.DefaultQuery("sort", "name"), Desc: c.Query("dir") == "desc"}
	if _, ok := store.ConsoleShowcaseSort[q.Sort]; !ok {
		q.Sort = "name"
	}
	q.After = parseCursor(c.Query("after"), q.Sort)
	rows, more, err := h.console.Showcases(c.Request.Context(), q)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminShowcasesView{AdminPage: h.adminPage(c, "Showcases", "showcases"), Query: q.NameContains, Owner: q.Owner,
		Columns: sortColumns(c.Request.URL.Query(), q)}
	for _, s := range rows {
		v.Rows = append(v.Rows, views.AdminShowcaseRow{Name: s.Name, Owner: s.Owner,
			ValidFrom: s.ValidFrom.UTC().Format(timeLayout), ValidTo: s.ValidTo.UTC().Format(timeLayout)})
	}
	base := c.Request.URL.Query()
	base.Del("after")
	if q.After != nil {
		v.First = "/admin/showcases?" + base.Encode()
	}
	if more {
		base.Set("after", cursorOf(rows[len(rows)-1], q.Sort))
		v.Next = "/admin/showcases?" + base.Encode()
	}
	h.render(c, http.StatusOK, views.AdminShowcasesPage(v))
}

// sortColumns are the sortable headings: selecting the current one flips
// its direction.
func sortColumns(query url.Values, q store.ConsoleShowcaseQuery) []views.AdminSortLink {
	cols := []struct{ key, label string }{{"name", "Name"}, {"validFrom", "Valid from"}, {"validTo", "Valid to"}}
	out := make([]views.AdminSortLink, 0, len(cols))
	for _, col := range cols {
		v := url.Values{"q": {q.NameContains}, "owner": {q.Owner}, "sort": {col.key}}
		aria := "none"
		if col.key == q.Sort {
			aria = "ascending"
			if q.Desc {
				aria = "descending"
			} else {
				v.Set("dir", "desc")
			}
		}
		out = append(out, views.AdminSortLink{Label: col.label, Href: "/admin/showcases?" + v.Encode(), Sort: aria})
	}
	return out
}

// cursorOf is the keyset cursor after s: its sort value and its name.
func cursorOf(s store.Showcase, sort string) string {
	switch sort {
	case "validFrom":
		return s.ValidFrom.UTC().Format(time.RFC3339Nano) + "|" + s.Name
	case "validTo":
		return s.ValidTo.UTC().Format(time.RFC3339Nano) + "|" + s.Name
	}
	return s.Name
}

// parseCursor reads a cursor; a malformed one is the first page.
func parseCursor(raw, sort string) *store.ShowcaseCursor {
	if raw == "" {
		return nil
	}
	if sort == "name" {
		return &store.ShowcaseCursor{Name: raw}
	}
	at, name, ok := strings.Cut(raw, "|")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil {
		return nil
	}
	return &store.ShowcaseCursor{At: &t, Name: name}
}
