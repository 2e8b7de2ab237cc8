package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// connectionPageSize is how many connections one page lists.
const connectionPageSize = 25

// ConnectionList is GET /admin/aggregation: a client's bank connections,
// optionally of one subject, newest first, through the aggregation
// service's own listing.
func (h *Handler) ConnectionList(c *gin.Context) {
	ctx := c.Request.Context()
	clients, err := h.console.Clients(ctx)
	if err != nil {
		h.fail(c, err)
		return
	}
	client, subject := c.Query("client"), strings.TrimSpace(c.Query("subject"))
	if client == "" && len(clients) > 0 {
		client = clients[0].ClientID
	}
	page, _ := strconv.Atoi(c.Query("page")) // anything else is the first page
	page = max(page, 0)
	conns, total, err := h.agg.Connections(ctx, client, subject, page, connectionPageSize)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminConnectionsView{AdminPage: h.adminPage(c, "Aggregation", "aggregation"), Client: client, Subject: subject}
	for _, cl := range clients {
		v.Clients = append(v.Clients, views.AdminChoice{Value: cl.ClientID, Checked: cl.ClientID == client})
	}
	for _, k := range conns {
		v.Rows = append(v.Rows, views.AdminConnectionRow{ID: strconv.FormatInt(k.ID, 10), Subject: k.SubjectID, Provider: k.Provider,
			Href: connectionPath(client, k.ID), SubjectHref: subjectPath(client, k.SubjectID), Access: k.Access, Consent: k.LastConsentStatus.String,
			ValidUntil: nullTime(k.ConsentValidUntil), LastFetch: k.LatestFetch.Status.String})
	}
	at := func(p int) string {
		return "/admin/aggregation?" + url.Values{"client": {client}, "subject": {subject}, "page": {strconv.Itoa(p)}}.Encode()
	}
	if page > 0 {
		v.Previous = at(page - 1)
	}
	if int64((page+1)*connectionPageSize) < total {
		v.Next = at(page + 1)
	}
	h.render(c, http.StatusOK, views.AdminConnectionsPage(v))
}

func connectionPath(client string, id int64) string {
	return "/admin/aggregation/" + url.PathEscape(client) + "/connections/" + strconv.FormatInt(id, 10)
}
