package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/store"
	"openbank/views"
)

// Audit is GET /admin/audit: the audit log, newest first, searchable by
// who, action and record, paged by entry id.
func (h *Handler) Audit(c *gin.Context) {
	f := store.AuditFilter{Actor: strings.TrimSpace(c.Query("actor")), Action: strings.TrimSpace(c.Query("action")),
		Text: strings.TrimSpace(c.Query("q"))}
	f.Before, _ = strconv.ParseInt(c.Query("before"), 10, 64) // anything else is the first page
	entries, err := h.console.Audit(c.Request.Context(), f)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminAuditView{AdminPage: h.adminPage(c, "Audit log", "audit"), Actor: f.Actor, Action: f.Action, Text: f.Text}
	for _, e := range entries {
		v.Entries = append(v.Entries, views.AdminAuditEntry{At: e.At.UTC().Format(timeLayout), Actor: e.Actor, Source: e.Source,
			Action: e.Action, Target: e.Target, Before: shown(e.Before), After: shown(e.After), Changes: changes(e.Before, e.After)})
	}
	if len(entries) == console.AuditPageSize {
		q := url.Values{"actor": {f.Actor}, "action": {f.Action}, "q": {f.Text},
			"before": {strconv.FormatInt(entries[len(entries)-1].ID, 10)}}
		v.Older = "/admin/audit?" + q.Encode()
	}
	h.render(c, http.StatusOK, views.AdminAuditPage(v))
}

// record writes a console change to the audit log in the admin's name.
func (h *Handler) record(c *gin.Context, action, target string, before, after any) error {
	return h.console.Record(c.Request.Context(), console.Change{Actor: adminOf(c.Request.Context()).Username,
		Source: console.SourceConsole, Action: action, Target: target, Before: before, After: after})
}

// recordSession writes a sign-in event of username (session.sign-in,
// session.refused, session.sign-out) to the audit log: who, from where, at
// which issuer.
func (h *Handler) recordSession(c *gin.Context, action, username string, external bool) error {
	return h.console.Record(c.Request.Context(), console.Change{Actor: username, Source: console.SourceConsole,
		Action: action, Target: "user/" + username, After: console.SessionRecord{Address: c.ClientIP(), Issuer: issuerName(external)}})
}

// changes is what an entry changed, field by field.
func changes(before, after string) []views.AdminFieldChange {
	diff := console.Diff(before, after)
	out := make([]views.AdminFieldChange, 0, len(diff))
	for _, f := range diff {
		out = append(out, views.AdminFieldChange{Field: f.Field, Before: f.Before, After: f.After})
	}
	return out
}

// shown is a record as the log shows it: nothing for none.
func shown(doc string) string {
	if doc == "null" {
		return ""
	}
	return doc
}
