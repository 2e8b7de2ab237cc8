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

// ConsentGrant is POST /admin/showcases/:name/consents: a consent granted
// in the owner's name, with the gateway's rules and per-showcase limit. A
// username no user has is shared with only once the admin confirms it.
func (h *Handler) ConsentGrant(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	form := views.AdminGrantForm{Username: strings.TrimSpace(c.PostForm("username")), Level: c.PostForm("consentLevel")}
	if form.Username != "" && c.PostForm("unknownUser") != "1" {
		_, err := h.registry.User(ctx, form.Username)
		if errors.Is(err, store.ErrNotFound) {
			form.Problem, form.UnknownUser = "No user called "+form.Username+" exists. Check the name, or confirm below.", true
			h.grantRefused(c, name, form, http.StatusOK)
			return
		}
		if err != nil {
			h.fail(c, err)
			return
		}
	}
	owner, err := h.console.Owner(ctx, name)
	var granted store.Consent
	if err == nil {
		granted, err = h.gateway.CreateConsent(ctx, owner, gateway.NewConsent{Showcase: &name, Username: &form.Username, ConsentLevel: &form.Level})
	}
	if status, msg, ok := problem(err); ok && status != http.StatusNotFound {
		form.Problem = msg
		h.grantRefused(c, name, form, status)
		return
	}
	if err != nil {
		h.refuse(c, err, name)
		return
	}
	id := strconv.Itoa(int(granted.Identifier))
	if err := h.record(c, "consent.grant", "showcase/"+name+"/consent/"+id, nil, console.ConsentOf(granted)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/showcases/"+name, "Consent "+id+" granted to "+granted.Username+".")
}

// grantRefused shows the showcase again with the sharing form as posted
// and its problem beside the username.
func (h *Handler) grantRefused(c *gin.Context, name string, form views.AdminGrantForm, status int) {
	if v, found := h.showcaseView(c, name); found {
		v.Grant = form
		h.render(c, status, views.AdminShowcasePage(v))
	}
}

// ConsentRevoke is POST /admin/showcases/:name/consents/:id/delete.
func (h *Handler) ConsentRevoke(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	id, perr := strconv.ParseInt(c.Param("id"), 10, 32)
	if perr != nil {
		h.missing(c, "The consent")
		return
	}
	owner, err := h.console.Owner(ctx, name)
	var before store.Consent
	if err == nil {
		before, err = h.gateway.Consent(ctx, owner, int32(id), name)
	}
	if err == nil && !h.confirmed(c, "showcases", views.ConfirmConsentRevoke(name, c.Param("id"), before.Username)) {
		return
	}
	if err == nil {
		err = h.gateway.DeleteConsent(ctx, owner, int32(id), name)
	}
	if err != nil {
		h.refuse(c, err, name)
		return
	}
	if err := h.record(c, "consent.revoke", "showcase/"+name+"/consent/"+c.Param("id"), console.ConsentOf(before), nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/showcases/"+name, "Consent "+c.Param("id")+" revoked.")
}
