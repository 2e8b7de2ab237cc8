package aggregation

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// RefetchRequest is the optional body of POST /connections/{id}/refetch.
type RefetchRequest struct {
	CallbackFields map[string]string `json:"callbackFields"`
}

// Refetch queues a new data fetch; 202 with the queued fetch.
func (h *Handler) Refetch(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	var body RefetchRequest
	if c.Request.ContentLength != 0 && !jsonbody.Read(c, &body) {
		return
	}
	if err := aggregation.CheckCallbackFields(body.CallbackFields); err != nil {
		fault.Abort(c, Refusal(err))
		return
	}
	t := trackingOf(c)
	f, err := h.Service.Refetch(c.Request.Context(), who.ClientID, id, body.CallbackFields, t.RequestID, t.GroupID)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, fetchOf(f))
}

// SCARequest carries the bank credentials of an embedded SCA step.
type SCARequest struct {
	Credentials *banks.Credentials `json:"credentials"`
}

// CompleteSCA continues an open embedded SCA, e.g. with the one-time code
// (an extension: POST /connections answered scaStep "oneTimeCode").
func (h *Handler) CompleteSCA(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	var body SCARequest
	if !jsonbody.Read(c, &body) {
		return
	}
	if body.Credentials == nil || body.Credentials.Username == "" {
		fault.Abort(c, fault.Validation("credentials", "username, password and, when asked, oneTimeCode are required"))
		return
	}
	res, err := h.Service.CompleteSCA(c.Request.Context(), who.ClientID, id, *body.Credentials)
	if err != nil {
		fail(c, err)
		return
	}
	out := ConnectionCreated{Connection: connectionOf(res.Connection)}
	if res.OneTimeCodeRequired {
		out.SCAStep = "oneTimeCode"
	}
	c.JSON(http.StatusOK, out)
}
