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

// Progress shows the fetch running and then the success or failure page:
// GET /widget/w/:id/progress?c=. While the fetch runs, a small script polls
// Status and loads the result once it is there; without script the page
// reloads itself every views.RefreshSeconds.
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
	wp := h.widgetPage(c, v.widget, "widget.progress.title")
	t := wp.T
	result := views.WidgetResult{Bank: page.BankOption(p.Bank, ""), ContinueHref: v.path("/done"),
		ContinueText: t.Text("widget.back.client", "client", wp.ClientName)}
	if !p.Done() && !p.SCAOpen {
		wp.Refresh, wp.Script = v.path(fmt.Sprintf("/progress?c=%d", id)), scriptPath
		result.StatusURL, result.Slow = v.path(fmt.Sprintf("/status?c=%d", id)), p.Slow
		result.Outcome, result.Heading = views.ResultWaiting, t.Text("widget.progress.heading", "bank", p.Bank.Name)
		result.Message = t.Text("widget.progress.message")
		result.ContinueText = t.Text("widget.progress.leave", "client", wp.ClientName)
	} else {
		if err := h.service.RecordStep(ctx, v.widget.ID, widget.StepResultShown); err != nil {
			h.fail(c, err)
			return
		}
		if err := h.describe(c, v, id, &result, p, t, wp.ClientName); err != nil {
			h.fail(c, err)
			return
		}
		wp.Title = result.Heading
	}
	result.WidgetPage = wp
	page.Render(c, http.StatusOK, views.WidgetResultPage(result))
}

// retryHref tries the same bank again: its consent page, so the subject
// does not have to choose it a second time.
func retryHref(v *visit, p *widget.Progress) string {
	return v.path("/consent?bank=" + url.QueryEscape(p.Bank.Code))
}
