package admin

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// ShowcasePatch is POST /admin/showcases/:name: a new validity, through
// the gateway's patch as the owner.
func (h *Handler) ShowcasePatch(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	owner, before, err := h.ownedShowcase(ctx, name)
	if err != nil {
		h.refuse(c, err, name)
		return
	}
	in := gateway.ShowcaseChange{ValidFrom: formTime(c.PostForm("validFrom")), ValidTo: formTime(c.PostForm("validTo"))}
	after, err := h.gateway.PatchShowcase(ctx, owner, name, in)
	if err != nil {
		h.refuse(c, err, name)
		return
	}
	if err := h.record(c, "showcase.update", "showcase/"+name, console.ShowcaseOf(before), console.ShowcaseOf(after)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/showcases/"+name, "Validity of "+name+" saved.")
}

// ShowcaseDelete is POST /admin/showcases/:name/delete.
func (h *Handler) ShowcaseDelete(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	owner, before, err := h.ownedShowcase(ctx, name)
	if err == nil && !h.confirmed(c, "showcases", views.ConfirmShowcaseDelete(name)) {
		return
	}
	if err == nil {
		err = h.gateway.DeleteShowcase(ctx, owner, name)
	}
	if err != nil {
		h.refuse(c, err, name)
		return
	}
	if err := h.record(c, "showcase.delete", "showcase/"+name, console.ShowcaseOf(before), nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/showcases", "Showcase "+name+" deleted.")
}

// ownedShowcase returns the owner's viewer and the showcase called name.
func (h *Handler) ownedShowcase(ctx context.Context, name string) (store.Viewer, store.Showcase, error) {
	owner, err := h.console.Owner(ctx, name)
	if err != nil {
		return owner, store.Showcase{}, err
	}
	sc, err := h.gateway.Showcase(ctx, owner, name, gateway.ShowcaseRead)
	return owner, sc, err
}

// refuse shows the showcase's page again with the domain's refusal, or
// fails on an unexpected error.
func (h *Handler) refuse(c *gin.Context, err error, name string) {
	status, msg, ok := problem(err)
	switch {
	case !ok:
		h.fail(c, err)
	case status == http.StatusNotFound:
		h.missing(c, "The showcase")
	default:
		if v, found := h.showcaseView(c, name); found {
			v.Problem = msg
			h.render(c, status, views.AdminShowcasePage(v))
		}
	}
}
