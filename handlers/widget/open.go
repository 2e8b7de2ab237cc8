package widget

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/widget"
)

// Open opens a widget link: GET /widget/w/:id?t=<token>. A refused opening
// (notFound, expired, tooManyOpenings) sends the subject back to returnTo
// with widgetId=<id>,<status> when the client asked for it, and otherwise
// explains itself with a button back to returnTo; a link that was not
// signed here gets a page and no redirect.
func (h *Handler) Open(c *gin.Context) {
	ctx := c.Request.Context()
	c.Header("Cache-Control", "no-store")
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		h.invalidLink(c)
		return
	}
	o, err := h.service.Open(ctx, id, c.Query("t"))
	if errors.Is(err, widget.ErrLinkInvalid) {
		h.invalidLink(c)
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	if o.Refused != "" && o.ShowPage {
		h.refusedOpening(c, o)
		return
	}
	if o.Refused != "" {
		c.Redirect(http.StatusSeeOther, o.Return)
		return
	}
	if err := h.startVisit(c, o.Widget); err != nil {
		h.fail(c, err)
		return
	}
	v := &visit{widget: o.Widget}
	next := v.path("/banks")
	if o.Widget.Kind == widget.KindReconnect {
		bank, err := h.service.Banks(ctx, o.Widget)
		if err != nil || len(bank) == 0 {
			h.fail(c, err)
			return
		}
		next = v.path("/consent?bank=" + url.QueryEscape(bank[0].Code))
	}
	c.Redirect(http.StatusSeeOther, next)
}
