package admin

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// ClientList is GET /admin/clients.
func (h *Handler) ClientList(c *gin.Context) {
	cs, err := h.console.Clients(c.Request.Context())
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminClientsView{AdminPage: h.adminPage(c, "OAuth clients", "clients")}
	for _, cl := range cs {
		kind := "confidential"
		if cl.SecretDigest == nil {
			kind = "public"
		}
		v.Rows = append(v.Rows, views.AdminClientRow{ID: cl.ClientID, Name: cl.Name, Kind: kind,
			Grants: strings.Join(cl.Grants, ", "), Products: strings.Join(cl.Products, ", ")})
	}
	h.render(c, http.StatusOK, views.AdminClientsPage(v))
}
