package admin

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/store"
	"openbank/views"
)

// Client is GET /admin/clients/:id: its settings, secret rotation, live
// refresh-token families and deletion.
func (h *Handler) Client(c *gin.Context) {
	if f, ok := h.clientForm(c, c.Param("id")); ok {
		h.render(c, http.StatusOK, views.AdminClientPage(f))
	}
}

// clientForm builds the page of client id, answering when it cannot.
func (h *Handler) clientForm(c *gin.Context, id string) (views.AdminClientForm, bool) {
	ctx := c.Request.Context()
	cl, err := h.console.Client(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The client")
		return views.AdminClientForm{}, false
	}
	var fams []store.Family
	var sec store.ClientSecurity
	if err == nil {
		fams, err = h.console.Families(ctx, "", id)
	}
	if err == nil {
		sec, err = h.registry.Security(ctx, id)
	}
	if err != nil {
		h.fail(c, err)
		return views.AdminClientForm{}, false
	}
	f := clientFormOf(h.adminPage(c, "Client "+cl.Name, "clients"), cl)
	f.Families = familyRows(fams)
	f.AuthProfile = authProfileFormOf(sec, f.CSRF)
	callbacks, err := h.agg.CallbackSecurity(ctx, id)
	if err != nil {
		h.fail(c, err)
		return views.AdminClientForm{}, false
	}
	f.Security = h.securityView(f.CSRF, callbacks)
	return f, true
}

func familyRows(fs []store.Family) []views.AdminFamilyRow {
	out := make([]views.AdminFamilyRow, 0, len(fs))
	for _, f := range fs {
		out = append(out, views.AdminFamilyRow{GrantID: f.GrantID, ClientID: f.ClientID, Username: f.Username, Scope: f.Scope,
			Created: f.CreatedAt.UTC().Format(timeLayout), Expires: f.ExpiresAt.UTC().Format(timeLayout)})
	}
	return out
}
