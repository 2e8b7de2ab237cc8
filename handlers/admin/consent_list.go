package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// ConsentList is GET /admin/consents: consents of a showcase or of a
// username (or all), by identifier, paged by keyset.
func (h *Handler) ConsentList(c *gin.Context) {
	showcase, username := strings.TrimSpace(c.Query("showcase")), strings.TrimSpace(c.Query("username"))
	after, _ := strconv.ParseInt(c.Query("after"), 10, 32) // anything else is the first page
	rows, more, err := h.console.Consents(c.Request.Context(), showcase, username, int32(after))
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminConsentsView{AdminPage: h.adminPage(c, "Showcase sharing", "consents"), Showcase: showcase, Username: username,
		Rows: consentRows(rows)}
	if more {
		q := url.Values{"showcase": {showcase}, "username": {username}, "after": {v.Rows[len(v.Rows)-1].ID}}
		v.Next = "/admin/consents?" + q.Encode()
	}
	h.render(c, http.StatusOK, views.AdminConsentsPage(v))
}
