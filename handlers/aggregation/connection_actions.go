package aggregation

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/oauth"
)

// RefetchRequest is the optional body of POST /connections/{id}/refetch.
type RefetchRequest struct {
	CallbackFields map[string]string `json:"callbackFields"`
}

// Refetch queues a new data fetch; 202 with the queued fetch.
func (h *Handler) Refetch(c *gin.Context) {
	var body RefetchRequest
	who, id, ok := connectionAction(c, &body, &body.CallbackFields)
	if !ok {
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
	if err := body.check(); err != nil {
		fault.Abort(c, err)
		return
	}
	res, err := h.Service.CompleteSCA(c.Request.Context(), who.ClientID, id, *body.Credentials)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, connected(res))
}

// check accepts a username and password (with the one-time code when the
// bank asks for one), or, for the code step, the one-time code alone.
func (b *SCARequest) check() error {
	cred := b.Credentials
	switch {
	case cred == nil:
		return fault.Validation("credentials", "are required: username and password, or oneTimeCode alone for the code step")
	case cred.Username == "" && cred.Password == "" && cred.OneTimeCode != "":
		return nil
	case cred.Username == "" || cred.Password == "":
		return fault.Validation("credentials", "username and password are required, unless you send oneTimeCode alone for the code step")
	}
	return nil
}

// ReconnectRequest is the body of POST /connections/{id}/reconnect.
type ReconnectRequest struct {
	Credentials    *banks.Credentials `json:"credentials"`
	ReturnTo       string             `json:"returnTo"`
	CallbackFields map[string]string  `json:"callbackFields"`
}

// Reconnect starts a new SCA on a connection, as the reconnect widget
// does: the bank's page for a redirect bank, the credentials at once for an
// embedded one. The connection keeps its id and accounts.
func (h *Handler) Reconnect(c *gin.Context) {
	var body ReconnectRequest
	who, id, ok := connectionAction(c, &body, &body.CallbackFields)
	if !ok {
		return
	}
	if body.Credentials != nil && (body.Credentials.Username == "" || body.Credentials.Password == "") {
		fault.Abort(c, fault.Validation("credentials", "username and password are required"))
		return
	}
	t := trackingOf(c)
	res, err := h.Service.Reconnect(c.Request.Context(), aggregation.ReconnectRequest{ClientID: who.ClientID, ConnectionID: id,
		Credentials: body.Credentials, ReturnTo: body.ReturnTo, CallbackFields: body.CallbackFields,
		RequestID: t.RequestID, GroupID: t.GroupID})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, connected(res))
}

// connectionAction reads what an action on a connection starts with: the
// caller, the connection's id and the optional JSON body, whose
// callbackFields (fields points into it) are checked.
func connectionAction(c *gin.Context, body any, fields *map[string]string) (oauth.Principal, int64, bool) {
	who, ok := caller.Of(c)
	if !ok {
		return who, 0, false
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return who, 0, false
	}
	if c.Request.ContentLength != 0 && !jsonbody.Read(c, body) {
		return who, 0, false
	}
	if err := aggregation.CheckCallbackFields(*fields); err != nil {
		fault.Abort(c, Refusal(err))
		return who, 0, false
	}
	return who, id, true
}
