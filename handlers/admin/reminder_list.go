package admin

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// newestFirst is the console's order of a reminder list unless the query
// asks for another: identifiers grow with time, so the newest come first.
const newestFirst = "identifier,desc"

// ReminderList is GET /admin/showcases/:name/reminders: one page of the
// showcase's reminders through the gateway's listing as the owner, with
// the gateway's page, size and sort parameters, and the create form.
func (h *Handler) ReminderList(c *gin.Context) {
	v, ok := h.remindersView(c, c.Param("name"), c.Request.URL.Query())
	if ok {
		h.render(c, http.StatusOK, views.AdminRemindersPage(v))
	}
}

// remindersView builds the page of the showcase's reminders query asks
// for, answering when it cannot. Paging the gateway refuses shows the
// first page with the gateway's reason.
func (h *Handler) remindersView(c *gin.Context, name string, query url.Values) (views.AdminRemindersView, bool) {
	ctx := c.Request.Context()
	query = listQuery(query)
	p, perr := gateway.ParsePage(query, store.ReminderSort.Fields())
	if perr != nil {
		query = listQuery(nil)
		p = store.Page{Size: gateway.DefaultPageSize, Sort: []store.Order{{Field: "identifier", Desc: true}}}
	}
	owner, err := h.console.Owner(ctx, name)
	var page store.PageOf[store.Reminder]
	if err == nil {
		page, err = h.gateway.ListReminders(ctx, owner, name, p)
	}
	var texts []store.ReminderText
	if err == nil {
		texts, err = h.gateway.ReminderTexts(ctx)
	}
	if err != nil {
		h.reminderUnreadable(c, err)
		return views.AdminRemindersView{}, false
	}
	v := views.AdminRemindersView{AdminPage: h.adminPage(c, "Reminders of "+name, "showcases"), Showcase: name,
		Owner: owner.Subject, Total: strconv.FormatInt(page.Total, 10), Action: remindersPath(name), Texts: textOptions(texts, -1)}
	if perr != nil {
		_, v.Problem, _ = problem(perr)
	}
	v.Rows = reminderRows(name, query, page.Items)
	v.First, v.Next = reminderPager(name, query, p, page.Total)
	return v, true
}

// reminderRows are the rows of rs; each delete form returns to the page
// query shows.
func reminderRows(name string, query url.Values, rs []store.Reminder) []views.AdminReminderRow {
	out := make([]views.AdminReminderRow, 0, len(rs))
	for _, r := range rs {
		out = append(out, views.AdminReminderRow{ID: r.Identifier, Relevance: strconv.Itoa(int(r.Relevance)),
			TextIdx: strconv.Itoa(int(r.TextIdx)), Text: r.Text, Edit: reminderPath(name, r.Identifier),
			Delete: reminderPath(name, r.Identifier) + "/delete?" + query.Encode()})
	}
	return out
}

// listQuery keeps the paging parameters of query, sorted newest first
// unless it asks otherwise.
func listQuery(query url.Values) url.Values {
	out := url.Values{}
	for _, k := range []string{"page", "size", "sort"} {
		if vs, ok := query[k]; ok {
			out[k] = vs
		}
	}
	if len(out["sort"]) == 0 {
		out.Set("sort", newestFirst)
	}
	return out
}

// reminderPager links the first page when this is not it, and the next
// page when the list goes on.
func reminderPager(name string, query url.Values, p store.Page, total int64) (first, next string) {
	q := url.Values{}
	for k, vs := range query {
		q[k] = vs
	}
	if p.Number > 0 {
		q.Del("page")
		first = remindersPath(name) + "?" + q.Encode()
	}
	if int64(p.Number+1)*int64(p.Size) < total {
		q.Set("page", strconv.Itoa(p.Number+1))
		next = remindersPath(name) + "?" + q.Encode()
	}
	return first, next
}

// textOptions are the catalogue's entries, selected marking one index.
func textOptions(texts []store.ReminderText, selected int32) []views.AdminTextOption {
	out := make([]views.AdminTextOption, 0, len(texts))
	for _, t := range texts {
		out = append(out, views.AdminTextOption{Value: strconv.Itoa(int(t.Index)), Label: t.Text, Selected: t.Index == selected})
	}
	return out
}

func remindersPath(showcase string) string {
	return "/admin/showcases/" + url.PathEscape(showcase) + "/reminders"
}

func reminderPath(showcase, id string) string {
	return remindersPath(showcase) + "/" + id
}
