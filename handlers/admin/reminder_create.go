package admin

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// ReminderCreate is POST /admin/showcases/:name/reminders: a reminder
// added in the owner's name through the gateway's rules, its text
// catalogue and the per-showcase limit.
func (h *Handler) ReminderCreate(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	in, err := reminderForm(c)
	var owner store.Viewer
	if err == nil {
		owner, err = h.console.Owner(ctx, name)
	}
	var r store.Reminder
	if err == nil {
		r, err = h.gateway.CreateReminder(ctx, owner, name, gateway.NewReminder(in))
	}
	if err != nil {
		h.reminderRefused(c, err, name, "")
		return
	}
	if err := h.record(c, "reminder.create", console.ReminderTarget(name, r.Identifier), nil, console.ReminderOf(r)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, remindersPath(name), "Reminder "+r.Identifier+" added to "+name+".")
}

// reminderForm reads the relevance and text fields as the gateway's body
// would carry them: an empty field is absent, and the gateway decides
// whether it may be.
func reminderForm(c *gin.Context) (gateway.ReminderChange, error) {
	var in gateway.ReminderChange
	for _, f := range []struct {
		name string
		to   **int32
	}{{"relevance", &in.Relevance}, {"selectableTextIdx", &in.SelectableTextIdx}} {
		v := strings.TrimSpace(c.PostForm(f.name))
		if v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil {
			return in, &gateway.FieldError{Field: f.name, Problem: "must be a whole number from -2147483648 to 2147483647"}
		}
		n32 := int32(n)
		*f.to = &n32
	}
	return in, nil
}

// reminderRefused answers a refused reminder change: the form again with
// the gateway's reason (the list's for a new reminder, the reminder's own
// otherwise), a missing page, or a failure.
func (h *Handler) reminderRefused(c *gin.Context, err error, name, id string) {
	status, msg, ok := problem(err)
	switch {
	case !ok || status == http.StatusNotFound:
		h.reminderUnreadable(c, err)
	case id == "":
		if v, found := h.remindersView(c, name, nil); found {
			v.Problem, v.Relevance = msg, c.PostForm("relevance")
			v.Texts = selectText(v.Texts, c.PostForm("selectableTextIdx"))
			h.render(c, status, views.AdminRemindersPage(v))
		}
	default:
		h.reminderForm(c, status, msg, name, id)
	}
}

// reminderUnreadable answers a showcase or reminder that cannot be read:
// not found, or a failure.
func (h *Handler) reminderUnreadable(c *gin.Context, err error) {
	switch {
	case errors.Is(err, errNoReminder), store.Missing(err) == "reminder":
		h.missing(c, "The reminder")
	case errors.Is(err, store.ErrNotFound), errors.Is(err, gateway.ErrHidden):
		h.missing(c, "The showcase")
	default:
		h.fail(c, err)
	}
}

// selectText marks the option the form had chosen.
func selectText(opts []views.AdminTextOption, value string) []views.AdminTextOption {
	for i := range opts {
		opts[i].Selected = opts[i].Value == value
	}
	return opts
}
