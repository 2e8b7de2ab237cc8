package admin

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// Reminder is GET /admin/showcases/:name/reminders/:id: the form that
// changes the reminder.
func (h *Handler) Reminder(c *gin.Context) {
	h.reminderForm(c, http.StatusOK, "", c.Param("name"), c.Param("id"))
}

// reminderForm renders the reminder's form with status and problem.
func (h *Handler) reminderForm(c *gin.Context, status int, problem, name, id string) {
	ctx := c.Request.Context()
	_, r, err := h.ownedReminder(ctx, name, id)
	var texts []store.ReminderText
	if err == nil {
		texts, err = h.gateway.ReminderTexts(ctx)
	}
	if err != nil {
		h.reminderUnreadable(c, err)
		return
	}
	v := views.AdminReminderView{AdminPage: h.adminPage(c, "Reminder of "+name, "showcases"), Showcase: name, ID: r.Identifier,
		Relevance: strconv.Itoa(int(r.Relevance)), Action: reminderPath(name, r.Identifier),
		Delete: reminderPath(name, r.Identifier) + "/delete", Back: remindersPath(name), Texts: textOptions(texts, r.TextIdx)}
	if problem != "" {
		v.Problem, v.Relevance = problem, c.PostForm("relevance")
		v.Texts = selectText(v.Texts, c.PostForm("selectableTextIdx"))
	}
	h.render(c, status, views.AdminReminderPage(v))
}

// ReminderPatch is POST /admin/showcases/:name/reminders/:id: a new
// relevance and text through the gateway's patch as the owner.
func (h *Handler) ReminderPatch(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	owner, before, err := h.ownedReminder(ctx, name, c.Param("id"))
	if err != nil {
		h.reminderUnreadable(c, err)
		return
	}
	in, err := reminderForm(c)
	var after store.Reminder
	if err == nil {
		after, err = h.gateway.PatchReminder(ctx, owner, name, before.Identifier, in)
	}
	if err != nil {
		h.reminderRefused(c, err, name, before.Identifier)
		return
	}
	target := console.ReminderTarget(name, after.Identifier)
	if err := h.record(c, "reminder.update", target, console.ReminderOf(before), console.ReminderOf(after)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, remindersPath(name), "Reminder "+after.Identifier+" saved.")
}

// ReminderDelete is POST /admin/showcases/:name/reminders/:id/delete; it
// returns to the page of the list the form was on.
func (h *Handler) ReminderDelete(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	owner, before, err := h.ownedReminder(ctx, name, c.Param("id"))
	if err == nil {
		err = h.gateway.DeleteReminder(ctx, owner, name, before.Identifier)
	}
	if err != nil {
		h.reminderRefused(c, err, name, "")
		return
	}
	if err := h.record(c, "reminder.delete", console.ReminderTarget(name, before.Identifier), console.ReminderOf(before), nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, remindersPath(name)+"?"+listQuery(c.Request.URL.Query()).Encode(), "Reminder "+before.Identifier+" deleted.")
}

// errNoReminder is an identifier no reminder can have.
var errNoReminder = fmt.Errorf("admin: no such reminder: %w", store.ErrNotFound)

// ownedReminder returns the owner's viewer and the reminder id of the
// showcase called name; an id that cannot be a reminder's is not found.
func (h *Handler) ownedReminder(ctx context.Context, name, id string) (store.Viewer, store.Reminder, error) {
	id, ok := gateway.ValidIdentifier(id)
	if !ok {
		return store.Viewer{}, store.Reminder{}, errNoReminder
	}
	owner, err := h.console.Owner(ctx, name)
	if err != nil {
		return owner, store.Reminder{}, err
	}
	r, err := h.gateway.Reminder(ctx, owner, name, id)
	return owner, r, err
}
