package widget

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/i18n"
	"openbank/views"
	"openbank/widget"
)

// sharedData is what a client receives from a connection: once, or once
// and then daily.
func sharedData(t i18n.Printer, oneTime bool) []string {
	history := t.Text("widget.consent.data.history")
	if !oneTime {
		history = t.Text("widget.consent.data.history.recurring")
	}
	return []string{t.Text("widget.consent.data.accounts"), t.Text("widget.consent.data.balances"), history}
}

// Consent shows who gets which data for how long and how to withdraw:
// GET /widget/w/:id/consent?bank=.
func (h *Handler) Consent(c *gin.Context) {
	v := visitOf(c)
	ctx := c.Request.Context()
	bank, err := h.service.Bank(ctx, v.widget, c.Query("bank"))
	if err != nil {
		h.unknownBank(c, v, err)
		return
	}
	if err := h.service.RecordStep(ctx, v.widget.ID, widget.StepBankSelected); err != nil {
		h.fail(c, err)
		return
	}
	reconnect := v.widget.Kind == widget.KindReconnect
	back := v.path("/banks")
	if reconnect {
		back = ""
	}
	terms := h.service.Terms(ctx, v.widget)
	wp := h.widgetPage(c, v.widget, "widget.consent.title")
	wp.CancelHref = v.path("/done")
	page.Render(c, http.StatusOK, views.WidgetConsentPage(views.WidgetConsent{
		WidgetPage: wp, Bank: page.BankOption(bank, ""), Data: sharedData(wp.T, terms.OneTime),
		OneTime: terms.OneTime, Until: wp.T.Date(terms.Until), Days: terms.Days, PrivacyURL: terms.PrivacyURL,
		Action: v.path("/consent"), CSRF: csrf.Token(ctx), BackHref: back, Reconnect: reconnect,
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
		h.unknownBank(c, v, err)
		return
	}
	if err := h.service.RecordStep(ctx, v.widget.ID, widget.StepConsentGiven); err != nil {
		h.fail(c, err)
		return
	}
	if sca.RedirectURL != "" {
		c.Redirect(http.StatusSeeOther, bankPageIn(sca.RedirectURL, h.language(c, v.widget).Lang()))
		return
	}
	c.Redirect(http.StatusSeeOther, v.path(fmt.Sprintf("/login?c=%d", sca.ConnectionID)))
}

// unknownBank answers a bank the widget cannot connect: one it does not
// offer, or one more than the client's quota lets the subject hold.
func (h *Handler) unknownBank(c *gin.Context, v *visit, err error) {
	if errors.Is(err, aggregation.ErrQuota) {
		h.visitNotice(c, http.StatusConflict, v.widget, "notice.quota", "notice.quota.message", "notice.quota.hint", "")
		return
	}
	if errors.Is(err, aggregation.ErrUnknownProvider) {
		retry := v.path("/banks")
		if v.widget.Kind == widget.KindReconnect {
			retry = ""
		}
		h.visitNotice(c, http.StatusNotFound, v.widget, "notice.bank", "notice.bank.message", "notice.bank.hint", retry)
		return
	}
	var pe *banks.ProviderError
	if _, throttled := banks.Throttled(err); throttled || errors.As(err, &pe) {
		slog.WarnContext(c.Request.Context(), "widget: the bank did not start a sign-in", "error", err)
		h.visitNotice(c, http.StatusServiceUnavailable, v.widget, "notice.bank-down", "notice.bank-down.message",
			"notice.bank-down.hint", v.path("/banks"))
		return
	}
	h.fail(c, err)
}
