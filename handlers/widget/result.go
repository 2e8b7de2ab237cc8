package widget

import (
	"github.com/gin-gonic/gin"

	"openbank/banks"
	"openbank/i18n"
	"openbank/views"
	"openbank/widget"
)

// describe fills the result page of a finished connection with what
// happened and what the subject can do next. Trying again is the main
// action where it can help; a cancellation is not shown as an alarm.
func (h *Handler) describe(c *gin.Context, v *visit, id int64, r *views.WidgetResult, p *widget.Progress, t i18n.Printer, client string) error {
	names := []string{"bank", p.Bank.Name, "client", client}
	switch {
	case p.SCAOpen || p.ConsentStatus == banks.ConsentNew:
		r.Outcome, r.Heading = views.ResultCancelled, t.Text("widget.result.cancelled")
		r.Message = t.Text("widget.result.cancelled.message", names...)
		r.RetryHref, r.OtherBank = retryHref(v, p), otherBankHref(v)
	case p.ConsentStatus == banks.ConsentFail:
		r.Outcome, r.Heading = views.ResultSCAFailed, t.Text("widget.result.refused", names...)
		r.Message = t.Text("widget.result.refused.message", names...)
		r.RetryHref, r.RetryFirst, r.OtherBank = retryHref(v, p), true, otherBankHref(v)
	case p.FetchStatus == "failed" && p.Recoverable:
		r.Outcome, r.Heading = views.ResultFetchFailed, t.Text("widget.result.renew", names...)
		r.Message = t.Text("widget.result.renew.message", names...)
		r.RetryHref, r.RetryFirst = retryHref(v, p), true
	case p.FetchStatus == "failed" && p.OneTime:
		r.Outcome, r.Heading = views.ResultFetchFailed, t.Text("widget.result.failed")
		r.Message = t.Text("widget.result.failed.message", names...)
		r.RetryHref, r.RetryFirst = retryHref(v, p), true
	case p.FetchStatus == "failed":
		r.Outcome, r.Heading = views.ResultFetchFailed, t.Text("widget.result.pending")
		r.Message = t.Text("widget.result.pending.message", names...)
		r.ContinueText = t.Text("widget.continue.client", names...)
	default:
		return h.connected(c, v, id, r, p, t, client)
	}
	return nil
}

// otherBankHref is the list of banks, to choose another one; "" on a
// reconnect, whose bank is fixed.
func otherBankHref(v *visit) string {
	if v.widget.Kind == widget.KindReconnect {
		return ""
	}
	return v.path("/banks")
}

// connected fills the success page: the accounts shared and until when.
func (h *Handler) connected(c *gin.Context, v *visit, id int64, r *views.WidgetResult, p *widget.Progress, t i18n.Printer, client string) error {
	got, err := h.service.Connected(c.Request.Context(), v.widget, id)
	if err != nil {
		return err
	}
	r.Outcome, r.Heading = views.ResultConnected, t.Text("widget.result.connected")
	r.Message = t.Text("widget.result.connected.message", "client", client, "bank", p.Bank.Name)
	if p.OneTime {
		r.Message = t.Text("widget.result.connected.once", "client", client, "bank", p.Bank.Name)
	}
	r.Accounts, r.Until, r.ContinueText = got.Accounts, t.Date(got.ValidUntil), t.Text("widget.continue.client", "client", client)
	return nil
}
