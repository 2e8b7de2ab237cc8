package admin

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/portal"
	"openbank/store"
	"openbank/views"
)

// Developers is GET /admin/developers: the portal's accounts waiting for
// approval and the requests for production access.
func (h *Handler) Developers(c *gin.Context) {
	ctx := c.Request.Context()
	pending, err := h.portal.PendingAccounts(ctx)
	if err != nil {
		h.fail(c, err)
		return
	}
	reqs, err := h.portal.Requests(ctx)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminDevelopersView{AdminPage: h.adminPage(c, "Developers", "developers"), EmailSent: h.portal.EmailSent()}
	for _, d := range pending {
		v.Pending = append(v.Pending, views.AdminDeveloperRow{ID: strconv.FormatInt(d.ID, 10), Email: d.Email,
			Created: d.CreatedAt.UTC().Format(time.DateTime)})
	}
	for _, r := range reqs {
		row := views.AdminRequestRow{ID: strconv.FormatInt(r.ID, 10), Developer: r.DeveloperEmail, App: r.AppName,
			TestClientID: r.TestClientID.String, Products: strings.Join(r.Products, ", "), Note: r.Note, Status: r.Status,
			Reason: r.Reason, Created: r.CreatedAt.UTC().Format(time.DateTime), ProductionClientID: r.ProductionClientID.String,
			Pending: r.Status == "pending"}
		if r.DecidedAt.Valid {
			row.Decided = "by " + r.DecidedBy.String + " at " + r.DecidedAt.Time.UTC().Format(time.DateTime)
		}
		v.Requests = append(v.Requests, row)
	}
	h.render(c, http.StatusOK, views.AdminDevelopersPage(v))
}

// DeveloperApprove is POST /admin/developers/:id/approve.
func (h *Handler) DeveloperApprove(c *gin.Context) {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	d, err := h.portal.ApproveAccount(c.Request.Context(), id, adminOf(c.Request.Context()).Username)
	if errors.Is(err, store.ErrNotFound) {
		h.notice(c, http.StatusNotFound, "Not waiting for approval", "This account does not exist or was approved already.",
			"/admin/developers", "Back to developers")
		return
	}
	if err == nil {
		err = h.record(c, "developer.approve", "developer/"+d.Email, nil, map[string]any{"email": d.Email, "approved": true})
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/developers", d.Email+" can now sign in to the developer portal.")
}

// DeveloperResetLink is POST /admin/developers/reset-link: a one-time link
// (valid portal.ResetLife) that sets a new password for the account of
// the form's email, shown once for the admin to hand to the developer
// through the support channel; audited without the link. The page and the
// audit record say when the link also approves the account.
func (h *Handler) DeveloperResetLink(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	admin := adminOf(c.Request.Context()).Username
	link, d, expires, err := h.portal.ResetLink(c.Request.Context(), c.PostForm("email"), admin)
	if errors.Is(err, store.ErrNotFound) {
		h.notice(c, http.StatusNotFound, "No such account", "No developer account has this email.", "/admin/developers", "Back to developers")
		return
	}
	approves := portal.LinkApproves(d)
	if err == nil {
		err = h.record(c, "developer.reset-link", "developer/"+d.Email, nil,
			map[string]any{"email": d.Email, "expires": expires.UTC().Format(time.RFC3339), "approvesAccount": approves})
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	also := ""
	if approves {
		also = "This also approves the account, which is not active yet: using the link lets the developer sign in, " +
			"approved in your name. "
	}
	h.notice(c, http.StatusOK, "Password reset link", fmt.Sprintf("Give this link to %s through the support channel only. "+
		"It sets a new password once, until %s UTC, and ends every session of the account and any older reset link. %s"+
		"It is not shown again: %s",
		d.Email, expires.UTC().Format(time.DateTime), also, link), "/admin/developers", "Back to developers")
}

// ProductionDecide is POST /admin/production-requests/:id: approve (a
// separate production client whose secret the developer gets once in the
// portal) or refuse, with a reason the developer reads.
func (h *Handler) ProductionDecide(c *gin.Context) {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	decision := c.PostForm("decision")
	if decision != "approve" && decision != "refuse" {
		h.notice(c, http.StatusBadRequest, "No decision", "Choose Approve or Refuse.", "/admin/developers", "Back to developers")
		return
	}
	before, after, err := h.portal.Decide(c.Request.Context(), id, adminOf(c.Request.Context()).Username,
		decision == "approve", c.PostForm("reason"))
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, portal.ErrNotDecidable):
		h.notice(c, http.StatusConflict, "Already decided", "This request does not exist or was decided already.",
			"/admin/developers", "Back to developers")
		return
	case errors.Is(err, portal.ErrTestAppGone):
		h.notice(c, http.StatusConflict, "Cannot approve", err.Error(), "/admin/developers", "Back to developers")
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	if err := h.record(c, "production."+decision, "production-request/"+strconv.FormatInt(id, 10),
		portal.RequestRecord(before), portal.RequestRecord(after)); err != nil {
		h.fail(c, err)
		return
	}
	msg := "Refused: the developer sees the reason in the portal."
	if decision == "approve" {
		msg = "Approved: production client " + after.ProductionClientID.String + " created; the developer gets its secret once in the portal."
	}
	h.done(c, "/admin/developers", msg)
}
