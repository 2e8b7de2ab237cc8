package widget

import (
	"github.com/gin-gonic/gin"

	"openbank/banks"
	"openbank/views"
	"openbank/widget"
)

// describe fills the result page of a finished connection with what
// happened and what the subject can do next. Trying again is the main
// action where it can help; a cancellation is not shown as an alarm.
func (h *Handler) describe(c *gin.Context, v *visit, id int64, r *views.WidgetResult, p *widget.Progress, client string) error {
	bank := p.Bank.Name
	switch {
	case p.SCAOpen || p.ConsentStatus == banks.ConsentNew:
		r.Outcome, r.Heading = views.ResultCancelled, "Connection cancelled"
		r.Message = "You stopped before " + bank + " approved access, so nothing was shared with " + client + "."
		r.RetryHref, r.OtherBank = retryHref(v, p), otherBankHref(v)
	case p.ConsentStatus == banks.ConsentFail:
		r.Outcome, r.Heading = views.ResultSCAFailed, bank+" did not approve access"
		r.Message = "Signing in to " + bank + " did not succeed, so nothing was shared with " + client +
			". Check your details with " + bank + " and try again."
		r.RetryHref, r.RetryFirst, r.OtherBank = retryHref(v, p), true, otherBankHref(v)
	case p.FetchStatus == "failed" && p.Recoverable:
		r.Outcome, r.Heading = views.ResultFetchFailed, bank+" needs you to sign in again"
		r.Message = bank + " no longer gives access to your accounts. Sign in again to renew it."
		r.RetryHref, r.RetryFirst = retryHref(v, p), true
	case p.FetchStatus == "failed" && p.OneTime:
		r.Outcome, r.Heading = views.ResultFetchFailed, "We could not get your data"
		r.Message = bank + " did not answer when we asked for your data, so " + client +
			" did not receive it. This is usually temporary: try again in a few minutes."
		r.RetryHref, r.RetryFirst = retryHref(v, p), true
	case p.FetchStatus == "failed":
		r.Outcome, r.Heading = views.ResultFetchFailed, "Connected, but your data is not there yet"
		r.Message = bank + " did not answer when we first asked for your data. Your bank is connected, and " +
			client + " will ask again with its daily update tomorrow. You do not need to do anything."
		r.ContinueText = "Continue to " + client
	default:
		return h.connected(c, v, id, r, p, client)
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
func (h *Handler) connected(c *gin.Context, v *visit, id int64, r *views.WidgetResult, p *widget.Progress, client string) error {
	got, err := h.service.Connected(c.Request.Context(), v.widget, id)
	if err != nil {
		return err
	}
	r.Outcome, r.Heading = views.ResultConnected, "Your bank is connected"
	r.Message = client + " can now see the data you agreed to share from " + p.Bank.Name + "."
	if p.OneTime {
		r.Message = client + " has received a one-time copy of the data you agreed to share from " + p.Bank.Name + "."
	}
	r.Accounts, r.Until, r.ContinueText = got.Accounts, longDate(got.ValidUntil), "Continue to "+client
	return nil
}
