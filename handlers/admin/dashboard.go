package admin

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/store"
	"openbank/views"
)

// timeLayout is how the console shows an instant.
const timeLayout = "2006-01-02 15:04 MST"

// Dashboard is GET /admin/: counts, the last day's failures, recent
// sign-ins, the daily refresh's latest run and the signing keys.
func (h *Handler) Dashboard(c *gin.Context) {
	d, err := h.console.Dashboard(c.Request.Context())
	if err != nil {
		h.fail(c, err)
		return
	}
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	v := views.AdminDashboardView{AdminPage: h.adminPage(c, "Dashboard", "dashboard"), NextRotation: "by command only"}
	v.Stats = []views.AdminStat{
		{Label: "Showcases", Value: n(d.Counts.Showcases), Href: "/admin/showcases"},
		{Label: "Showcase sharings", Value: n(d.Counts.Consents), Href: "/admin/consents"},
		{Label: "OAuth clients", Value: n(d.Counts.Clients), Href: "/admin/clients"},
		{Label: "Users", Value: n(d.Counts.Users), Href: "/admin/users"},
		{Label: "Admins", Value: n(d.Counts.Admins), Href: "/admin/users"},
		{Label: "Bank connections", Value: n(d.Counts.Connections), Href: "/admin/aggregation"},
	}
	v.Failures = []views.AdminStat{
		{Label: "Failed fetches", Value: n(d.Counts.FailedFetches), Bad: d.Counts.FailedFetches > 0, Href: "/admin/failures"},
		{Label: "Failed delivery attempts", Value: n(d.Counts.FailedDeliveries), Bad: d.Counts.FailedDeliveries > 0},
		{Label: "Callbacks given up", Value: n(d.Counts.FailedCallbacks), Bad: d.Counts.FailedCallbacks > 0},
	}
	for _, l := range d.Logins {
		v.Logins = append(v.Logins, views.AdminLogin{Username: l.Username, At: l.CreatedAt.UTC().Format(timeLayout),
			Address: l.Address, Issuer: issuerName(l.External), State: sessionState(l.EndedAt.Valid, l.ExpiresAt)})
	}
	v.Keys = keyRows(d)
	v.Banks = bankRows(d.Banks)
	v.Refresh = refreshFacts(d.Refresh)
	if !d.NextRotation.IsZero() {
		v.NextRotation = d.NextRotation.UTC().Format(timeLayout)
	}
	h.render(c, http.StatusOK, views.AdminDashboardPage(v))
}

func keyRows(d console.Dashboard) []views.AdminKey {
	out := make([]views.AdminKey, 0, len(d.Keys))
	now, signing := time.Now(), false
	for _, k := range d.Keys {
		state := "retired, verifies tokens it signed"
		switch {
		case k.ActiveFrom.After(now):
			state = "published, signs from its activation"
		case !signing:
			state, signing = "signing", true
		}
		out = append(out, views.AdminKey{Kid: k.Kid, Algorithm: k.Algorithm, ActiveFrom: k.ActiveFrom.UTC().Format(timeLayout), State: state})
	}
	return out
}

func issuerName(external bool) string {
	if external {
		return "external"
	}
	return "Openbank"
}

func sessionState(ended bool, expires time.Time) string {
	switch {
	case ended:
		return "signed out"
	case expires.Before(time.Now()):
		return "expired"
	}
	return "open"
}

// refreshFacts shows the daily refresh's latest run.
func refreshFacts(r *store.JobRun) []views.AdminFact {
	if r == nil {
		return nil
	}
	finished := "not yet"
	if r.FinishedAt.Valid {
		finished = nullTime(r.FinishedAt)
	}
	out := []views.AdminFact{{Term: "Queued", Value: r.CreatedAt.UTC().Format(timeLayout)},
		{Term: "Due", Value: r.RunAt.UTC().Format(timeLayout)}, {Term: "Finished", Value: finished},
		{Term: "State", Value: r.State}, {Term: "Attempts", Value: strconv.Itoa(r.Attempts)},
		{Term: "Fetches queued", Value: strconv.FormatInt(r.Fetches, 10)}}
	if r.LastError.Valid {
		out = append(out, views.AdminFact{Term: "Last error", Value: r.LastError.String})
	}
	return out
}
