package admin

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// ConsentGrant is POST /admin/showcases/:name/consents: a consent granted
// in the owner's name, with the gateway's rules and per-showcase limit.
func (h *Handler) ConsentGrant(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	owner, err := h.console.Owner(ctx, name)
	var granted store.Consent
	if err == nil {
		username, level := strings.TrimSpace(c.PostForm("username")), c.PostForm("consentLevel")
		granted, err = h.gateway.CreateConsent(ctx, owner, gateway.NewConsent{Showcase: &name, Username: &username, ConsentLevel: &level})
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
