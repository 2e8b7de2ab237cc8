package widget

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// maxQuery bounds the bank search text.
const maxQuery = 80

// Banks shows the banks of the widget's countries, filtered by the search
// text q: GET /widget/w/:id/banks.
func (h *Handler) Banks(c *gin.Context) {
	v := visitOf(c)
	list, err := h.service.Banks(c.Request.Context(), v.widget)
	if err != nil {
		h.fail(c, err)
		return
	}
	q := strings.TrimSpace(c.Query("q"))
	if len(q) > maxQuery {
		q = q[:maxQuery]
	}
	needle := strings.ToLower(q)
	options := make([]views.BankOption, 0, len(list))
	for _, b := range list {
		if needle == "" || strings.Contains(strings.ToLower(b.Name), needle) {
			options = append(options, page.BankOption(b, v.path("/consent?bank="+url.QueryEscape(b.Code))))
		}
	}
	wp := h.widgetPage(c, v.widget, "widget.banks.title")
	wp.CancelHref = v.path("/done")
	page.Render(c, http.StatusOK, views.WidgetBanksPage(views.WidgetBanks{
		WidgetPage: wp,
		Action:     v.path("/banks"), Query: q, Banks: options,
	}))
}
