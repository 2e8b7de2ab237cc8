package admin

import (
	"errors"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/store"
	"openbank/views"
)

// ConnectionRefetch is POST /admin/aggregation/:client/connections/:id/refetch:
// a fetch queued through the aggregation service, under its rules (a
// valid consent, one fetch at a time).
func (h *Handler) ConnectionRefetch(c *gin.Context) {
	client, id := c.Param("client"), c.Param("id")
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		h.missing(c, "The connection")
		return
	}
	f, err := h.agg.Refetch(c.Request.Context(), client, n, nil, uuid.NewString(), "")
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The connection")
		return
	}
	if errors.Is(err, aggregation.ErrConsentNotOK) || errors.Is(err, aggregation.ErrNothingToFetch) || errors.Is(err, aggregation.ErrAccessLimit) {
		h.done(c, connectionPath(client, n), "The refetch was refused: "+err.Error()+".")
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	if err := h.record(c, "connection.refetch", "client/"+client+"/connection/"+id, nil, map[string]int64{"fetchId": f.ID}); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, connectionPath(client, n), "Fetch "+strconv.FormatInt(f.ID, 10)+" queued.")
}

// ConnectionDelete is POST /admin/aggregation/:client/connections/:id/delete.
func (h *Handler) ConnectionDelete(c *gin.Context) {
	client, id := c.Param("client"), c.Param("id")
	n, err := strconv.ParseInt(id, 10, 64)
	if err == nil && !h.confirmed(c, "aggregation", views.ConfirmConnectionDelete(client, id)) {
		return
	}
	if err == nil {
		err = h.agg.DeleteConnection(c.Request.Context(), client, n)
	}
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, strconv.ErrSyntax) {
		h.missing(c, "The connection")
		return
	}
	if err == nil {
		err = h.record(c, "connection.delete", "client/"+client+"/connection/"+id, nil, nil)
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/aggregation?client="+client, "Connection "+id+" deleted with its accounts and transactions.")
}
