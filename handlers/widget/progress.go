package widget

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/banks"
	"openbank/handlers/page"
	"openbank/views"
	"openbank/widget"
)

// Progress shows the fetch running, reloading itself every second, and
// then the success or failure page: GET /widget/w/:id/progress?c=.
func (h *Handler) Progress(c *gin.Context) {
	v := visitOf(c)
	ctx := c.Request.Context()
	id, _ := strconv.ParseInt(c.Query("c"), 10, 64)
	p, err := h.service.Progress(ctx, v.widget, id)
	if err != nil {
		h.widgetError(c, err)
		return
	}
	if p.SCAOpen && p.Bank.SCA == banks.SCAEmbedded {
		c.Redirect(http.StatusSeeOther, v.path(fmt.Sprintf("/login?c=%d", id)))
		return
	}
	wp := h.widgetPage(c, v.widget, "Connecting")
	result := views.WidgetResult{Bank: page.BankOption(p.Bank, ""), ContinueHref: v.path("/done")}
	if !p.Done() && !p.SCAOpen {
		wp.Refresh = v.path(fmt.Sprintf("/progress?c=%d", id))
		result.Outcome, result.Heading = views.ResultWaiting, "Fetching your data…"
		result.Message = "This takes a few seconds. You can keep this page open; it updates by itself."
	} else {
		if err := h.service.RecordStep(ctx, v.widget.ID, widget.StepResultShown); err != nil {
			h.fail(c, err)
			return
		}
		describe(&result, p, wp.ClientName)
		result.RetryHref = h.retryHref(c, v, p)
		wp.Title = result.Heading
	}
	result.WidgetPage = wp
	page.Render(c, http.StatusOK, views.WidgetResultPage(result))
}

// describe fills the result page's texts for a finished connection.
func describe(r *views.WidgetResult, p *widget.Progress, client string) {
	bank := p.Bank.Name
	switch {
	case p.SCAOpen || p.ConsentStatus == banks.ConsentNew:
		r.Outcome, r.Heading = views.ResultCancelled, "Connection cancelled"
		r.Message = "You stopped before " + bank + " approved access. Nothing was shared with " + client + "."
	case p.ConsentStatus == banks.ConsentFail:
		r.Outcome, r.Heading = views.ResultSCAFailed, "Sign-in was not successful"
		r.Message = bank + " did not approve access. Nothing was shared with " + client + "."
	case p.FetchStatus == "failed" && p.Recoverable:
		r.Outcome, r.Heading = views.ResultFetchFailed, "We could not get your data"
		r.Message = bank + " no longer gives access to your accounts. Connect again to renew it."
	case p.FetchStatus == "failed":
		r.Outcome, r.Heading = views.ResultFetchFailed, "We could not get your data yet"
		r.Message = bank + " is not answering right now. Your bank is connected and " + client + " will try again later."
	default:
		r.Outcome, r.Heading = views.ResultConnected, "Your bank is connected"
		r.Message = client + " can now see the data you agreed to share from " + bank + "."
	}
}

// retryHref lets the subject try again after a failure: another bank, or
// the same one for a reconnect.
func (h *Handler) retryHref(c *gin.Context, v *visit, p *widget.Progress) string {
	if p.ConsentStatus == banks.ConsentOK && !p.Recoverable {
		return ""
	}
	if v.widget.Kind == widget.KindReconnect {
		return v.path("/consent?bank=" + url.QueryEscape(p.Bank.Code))
	}
	return v.path("/banks")
}
