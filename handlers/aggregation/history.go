package aggregation

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
)

// ListConsents lists the consents (SCAs) of a connection, newest first.
func (h *Handler) ListConsents(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	list, err := h.Service.Consents(c.Request.Context(), who.ClientID, id)
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]Consent, len(list))
	for i := range list {
		out[i] = consentOf(&list[i], h.now())
	}
	c.JSON(http.StatusOK, gin.H{"consents": out})
}

// GetConsent answers the connection's current consent, or the one named by
// the consentId query parameter.
func (h *Handler) GetConsent(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	want, ok := queryID(c, "consentId", false)
	if !ok {
		return
	}
	list, err := h.Service.Consents(c.Request.Context(), who.ClientID, id)
	if err != nil {
		fail(c, err)
		return
	}
	for i := range list {
		if want == 0 || list[i].ID == want {
			c.JSON(http.StatusOK, consentOf(&list[i], h.now()))
			return
		}
	}
	fault.Abort(c, fault.NotFound("consent"))
}

// ListFetches lists a connection's fetch history, newest first.
func (h *Handler) ListFetches(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	limit, ok := intQuery(c, "limit", 50, 1, 500)
	if !ok {
		return
	}
	list, err := h.Service.Fetches(c.Request.Context(), who.ClientID, id, limit)
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]Fetch, len(list))
	for i := range list {
		out[i] = fetchOf(&list[i])
	}
	c.JSON(http.StatusOK, gin.H{"fetches": out})
}
