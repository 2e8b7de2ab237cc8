package admin

import (
	"errors"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/store"
)

// CallbackReplay is POST
// /admin/aggregation/:client/connections/:id/callbacks/:callback/replay:
// a delivered or failed callback queued for delivery again.
func (h *Handler) CallbackReplay(c *gin.Context) {
	client, id, callback := c.Param("client"), c.Param("id"), c.Param("callback")
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		h.missing(c, "The connection")
		return
	}
	job, err := h.agg.ReplayCallback(c.Request.Context(), client, callback)
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The callback")
		return
	}
	if errors.Is(err, aggregation.ErrCallbackPending) {
		h.done(c, connectionPath(client, n), "The replay was refused: "+err.Error()+".")
		return
	}
	if err == nil {
		err = h.record(c, "callback.replay", "client/"+client+"/callback/"+callback, nil, map[string]int64{"jobId": job})
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, connectionPath(client, n), "Callback "+callback+" queued for delivery again.")
}
