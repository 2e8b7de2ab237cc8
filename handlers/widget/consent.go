package widget

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/views"
	"openbank/widget"
)

// sharedData is what a client receives from a connection.
var sharedData = []string{
	"Your account names, numbers and types",
	"Balances and credit limits",
	"Transactions of up to the last 24 months, and new ones as they arrive",
}

// Consent shows who gets which data for how long: GET /widget/w/:id/consent?bank=.
func (h *Handler) Consent(c *gin.Context) {
	v := visitOf(c)
	bank, err := h.service.Bank(c.Request.Context(), v.widget, c.Query("bank"))
	if err != nil {
		h.unknownBank(c, err)
		return
	}
	if err := h.service.RecordStep(c.Request.Context(), v.widget.ID, widget.StepBankSelected); err != nil {
		h.fail(c, err)
		return
	}
	reconnect := v.widget.Kind == widget.KindReconnect
	back := v.path("/banks")
	if reconnect {
		back = ""
	}
	page.Render(c, http.StatusOK, views.WidgetConsentPage(views.WidgetConsent{
		WidgetPage: h.widgetPage(c, v.widget, "Your consent"), Bank: page.BankOption(bank, ""), Data: sharedData,
		Duration: duration(v.widget.Access, v.widget.ConsentDays), Action: v.path("/consent"), CSRF: csrf.Token(c.Request.Context()),
		BackHref: back, Reconnect: reconnect,
	}))
}

// Agree starts the SCA of the chosen bank: POST /widget/w/:id/consent.
// Redirect banks get the subject on their own page; embedded banks ask
// for the credentials in the widget.
func (h *Handler) Agree(c *gin.Context) {
	v := visitOf(c)
	ctx := c.Request.Context()
	sca, err := h.service.Connect(ctx, v.widget, c.PostForm("bank"), nil)
	if err != nil {
		h.unknownBank(c, err)
		return
	}
	if err := h.service.RecordStep(ctx, v.widget.ID, widget.StepConsentGiven); err != nil {
		h.fail(c, err)
		return
	}
	if sca.RedirectURL != "" {
		c.Redirect(http.StatusSeeOther, sca.RedirectURL)
		return
	}
	c.Redirect(http.StatusSeeOther, v.path(fmt.Sprintf("/login?c=%d", sca.ConnectionID)))
}

func (h *Handler) unknownBank(c *gin.Context, err error) {
	if errors.Is(err, aggregation.ErrUnknownProvider) {
		h.pages.Error(c, http.StatusNotFound, "This bank is not offered here", "Go back and choose one of the banks listed.")
		return
	}
	h.fail(c, err)
}

// duration says in words how long the client keeps access.
func duration(access string, days int) string {
	if access == aggregation.OneTime {
		return "once: access ends 24 hours after you sign in"
	}
	if days == 1 {
		return "1 day, refreshed daily"
	}
	return fmt.Sprintf("%d days, refreshed daily; after that you will be asked to renew it", days)
}
