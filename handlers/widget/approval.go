package widget

import (
	"errors"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
)

// approvalPending asks a decoupled bank whether the subject has approved
// in its app yet. A bank that does not answer this time is still waited
// for; the SCA's end (ok, fail, or closed meanwhile) is not pending.
func (h *Handler) approvalPending(c *gin.Context, v *visit, id int64) (bool, error) {
	sca, err := h.service.CompleteSCA(c.Request.Context(), v.widget, id, banks.Credentials{})
	var pe *banks.ProviderError
	_, throttled := banks.Throttled(err)
	switch {
	case errors.Is(err, aggregation.ErrSCAClosed):
		return false, nil
	case throttled || errors.As(err, &pe):
		return true, nil
	case err != nil:
		return false, err
	}
	return sca.ApprovalPending, nil
}

// stillWaiting is approvalPending for the sign-in page: when the bank has
// an answer it sends the subject on to the progress page (or shows the
// error) and reports false.
func (h *Handler) stillWaiting(c *gin.Context, v *visit, id int64) bool {
	pending, err := h.approvalPending(c, v, id)
	if err != nil {
		h.widgetError(c, err)
		return false
	}
	if pending {
		return true
	}
	v.clearPending()
	if err := v.session.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return false
	}
	h.toProgress(c, v, id)
	return false
}

// appLink is the bank's app where the subject approves, from the bank's
// directory entry, and the message key of the link's words: "" when the
// entry gives none.
func appLink(b banks.Info) (href, words string) {
	switch {
	case b.AppURL == "":
		return "", ""
	case b.Environment == banks.Test:
		return b.AppURL, "widget.approve.sandbox"
	}
	return b.AppURL, "widget.approve.app"
}
