package admin

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
	"openbank/views"
)

// Showcase is GET /admin/showcases/:name: its validity, consents and the
// forms that change them.
func (h *Handler) Showcase(c *gin.Context) {
	v, ok := h.showcaseView(c, c.Param("name"))
	if ok {
		h.render(c, http.StatusOK, views.AdminShowcasePage(v))
	}
}

// showcaseView builds the page of the showcase called name, answering
// when it cannot.
func (h *Handler) showcaseView(c *gin.Context, name string) (views.AdminShowcaseView, bool) {
	ctx := c.Request.Context()
	owner, err := h.console.Owner(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The showcase")
		return views.AdminShowcaseView{}, false
	}
	if err != nil {
		h.fail(c, err)
		return views.AdminShowcaseView{}, false
	}
	sc, err := h.gateway.Showcase(ctx, owner, name, gateway.ShowcaseRead)
	if err != nil {
		h.fail(c, err)
		return views.AdminShowcaseView{}, false
	}
	consents, more, err := h.console.Consents(ctx, name, "", 0)
	if err != nil {
		h.fail(c, err)
		return views.AdminShowcaseView{}, false
	}
	v := views.AdminShowcaseView{AdminPage: h.adminPage(c, "Showcase "+name, "showcases"), Name: sc.Name, Owner: sc.Owner,
		ValidFrom: sc.ValidFrom.UTC().Format(localLayout), ValidTo: sc.ValidTo.UTC().Format(localLayout), Consents: consentRows(consents)}
	if more {
		v.MoreConsents = "/admin/consents?showcase=" + name
	}
	return v, true
}

func consentRows(cs []store.Consent) []views.AdminConsentRow {
	out := make([]views.AdminConsentRow, 0, len(cs))
	for _, c := range cs {
		out = append(out, views.AdminConsentRow{ID: strconv.Itoa(int(c.Identifier)), Showcase: c.Showcase, Owner: c.Owner,
			Username: c.Username, Level: c.Level})
	}
	return out
}
