package widget

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
)

// Status is the answer to GET /widget/w/:id/status: what the progress
// page's script needs to know without reloading the page.
type Status struct {
	Done bool `json:"done"` // the result is there: load the progress page again to show it
	Slow bool `json:"slow"` // the fetch takes longer than usual
}

// Status tells the progress page's script how the connection is doing:
// GET /widget/w/:id/status?c=. It records nothing, but for the waiting
// page of a decoupled bank (&approval=1): the bank is asked whether the
// subject has approved, and an answer settles the SCA.
func (h *Handler) Status(c *gin.Context) {
	v := visitOf(c)
	id, _ := strconv.ParseInt(c.Query("c"), 10, 64)
	p, err := h.service.Progress(c.Request.Context(), v.widget, id)
	if err != nil {
		c.JSON(http.StatusNotFound, Status{Done: true})
		return
	}
	if c.Query("approval") != "" && p.SCAOpen && p.Bank.Decoupled { // the waiting page of a decoupled bank
		pending, err := h.approvalPending(c, v, id)
		c.JSON(http.StatusOK, Status{Done: err != nil || !pending})
		return
	}
	c.JSON(http.StatusOK, Status{Done: p.Done() || p.SCAOpen, Slow: p.Slow})
}
