package admin

import (
	"database/sql"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/views"
)

// WidgetList is GET /admin/aggregation/:client/widgets: a client's widget
// links, optionally of one subject, newest first, paged by widget id, with
// their openings, furthest step and outcome.
func (h *Handler) WidgetList(c *gin.Context) {
	client, subject := c.Param("client"), strings.TrimSpace(c.Query("subject"))
	before, _ := strconv.ParseInt(c.Query("before"), 10, 64) // anything else is the first page
	links, err := h.console.Widgets(c.Request.Context(), client, subject, before)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminWidgetsView{AdminPage: h.adminPage(c, "Widgets of "+client, "aggregation"), Client: client, Subject: subject,
		Rows: widgetRows(client, links)}
	at := func(before string) string {
		return "/admin/aggregation/" + url.PathEscape(client) + "/widgets?" + url.Values{"subject": {subject}, "before": {before}}.Encode()
	}
	if before > 0 {
		v.First = at("")
	}
	if len(links) == console.WidgetPageSize {
		v.Next = at(strconv.FormatInt(links[len(links)-1].ID, 10))
	}
	h.render(c, http.StatusOK, views.AdminWidgetsPage(v))
}

func widgetRows(client string, links []console.WidgetLink) []views.AdminWidgetRow {
	out := make([]views.AdminWidgetRow, 0, len(links))
	for _, w := range links {
		row := views.AdminWidgetRow{ID: strconv.FormatInt(w.ID, 10), Subject: w.SubjectID, Kind: w.Kind, Access: w.Access,
			Created: w.CreatedAt.UTC().Format(utcLayout), Expires: w.ExpiredAt.UTC().Format(utcLayout),
			Openings: strconv.Itoa(w.Openings), LastOpened: utcTime(w.LastOpenedAt), Step: w.FurthestStep, Outcome: w.Outcome,
			FetchError: w.FetchError}
		for _, k := range w.Connections {
			consent := k.ConsentStatus
			if k.SCAOpen {
				consent += ", sign-in open"
			}
			row.Connections = append(row.Connections, views.AdminWidgetConnection{ID: strconv.FormatInt(k.ConnectionID, 10),
				Href: connectionPath(client, k.ConnectionID), Consent: consent})
		}
		out = append(out, row)
	}
	return out
}

// utcLayout is a time in a column whose heading says UTC.
const utcLayout = "2006-01-02 15:04"

// utcTime is t in utcLayout, or "" when there is none.
func utcTime(t sql.NullTime) string {
	if !t.Valid {
		return ""
	}
	return t.Time.UTC().Format(utcLayout)
}
