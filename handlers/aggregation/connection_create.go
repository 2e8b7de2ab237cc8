package aggregation

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// ConnectionRequest is the body of POST /connections.
type ConnectionRequest struct {
	SubjectID      json.RawMessage    `json:"subjectId"`
	Provider       string             `json:"provider"`
	Access         string             `json:"access"`
	ConsentDays    *int               `json:"consentDays"`
	Credentials    *banks.Credentials `json:"credentials"`
	ReturnTo       string             `json:"returnTo"`
	CallbackFields map[string]string  `json:"callbackFields"`
}

// ConnectionCreated answers POST /connections.
type ConnectionCreated struct {
	Connection
	// SCARedirectURL is the bank page to send the subject to (redirect SCA).
	SCARedirectURL string `json:"scaRedirectUrl,omitempty"`
	// SCAStep "oneTimeCode": complete with POST /connections/{id}/sca.
	SCAStep string `json:"scaStep,omitempty"`
}

// CreateConnection creates a connection without the widget.
func (h *Handler) CreateConnection(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	var body ConnectionRequest
	if !jsonbody.Read(c, &body) {
		return
	}
	req, ferr := body.request()
	if ferr != nil {
		fault.Abort(c, ferr)
		return
	}
	t := trackingOf(c)
	req.ClientID, req.RequestID, req.GroupID = who.ClientID, t.RequestID, t.GroupID
	res, err := h.Service.Connect(c.Request.Context(), req)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, connected(res))
}

// connected is the answer to a call that started or continued an SCA.
func connected(res *aggregation.Connected) ConnectionCreated {
	out := ConnectionCreated{Connection: connectionOf(res.Connection), SCARedirectURL: res.SCARedirectURL}
	if res.OneTimeCodeRequired {
		out.SCAStep = "oneTimeCode"
	}
	return out
}

// request validates the body into a service request.
func (b *ConnectionRequest) request() (aggregation.ConnectRequest, error) {
	subject, err := jsonbody.SubjectID(b.SubjectID)
	if err != nil {
		return aggregation.ConnectRequest{}, fault.Validation("subjectId", err.Error())
	}
	if b.Provider == "" {
		return aggregation.ConnectRequest{}, fault.Validation("provider", "is required; GET /providers?countryCodes=XF lists the codes")
	}
	access, days, err := aggregation.AccessOf(b.Access, b.ConsentDays)
	if err != nil {
		return aggregation.ConnectRequest{}, Refusal(err)
	}
	if err := aggregation.CheckCallbackFields(b.CallbackFields); err != nil {
		return aggregation.ConnectRequest{}, Refusal(err)
	}
	if b.Credentials != nil && (b.Credentials.Username == "" || len(b.Credentials.Username) > 128 || len(b.Credentials.Password) > 256) {
		return aggregation.ConnectRequest{}, fault.Validation("credentials", "username (1-128 characters) and password are required")
	}
	return aggregation.ConnectRequest{SubjectID: subject, Provider: b.Provider, Access: access, ConsentDays: days,
		Credentials: b.Credentials, ReturnTo: b.ReturnTo, CallbackFields: b.CallbackFields}, nil
}
