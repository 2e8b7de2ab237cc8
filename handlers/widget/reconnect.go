package widget

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/widget"
)

// ReconnectBody is the body of POST /widget/reconnect.
type ReconnectBody struct {
	ConnectionID        int64             `json:"connectionId"`
	ReturnTo            string            `json:"returnTo"`
	ReturnConnectionID  bool              `json:"returnConnectionId"`
	ReturnWidgetIDError bool              `json:"returnWidgetIdError"`
	CallbackFields      map[string]string `json:"callbackFields"`
	Locale              string            `json:"locale"` // BCP 47: the language of the subject's pages
}

// Reconnect creates a widget that runs a new SCA on one of the client's
// connections: POST /widget/reconnect.
func (h *Handler) Reconnect(c *gin.Context) {
	who, ok := callerOf(c)
	if !ok {
		return
	}
	var body ReconnectBody
	if !jsonbody.Read(c, &body) {
		return
	}
	if body.ConnectionID <= 0 {
		fault.Abort(c, fault.Validation("connectionId", "is required: the id of one of your connections"))
		return
	}
	if err := checkLocale(body.Locale); err != nil {
		fault.Abort(c, err)
		return
	}
	created, err := h.service.CreateReconnect(c.Request.Context(), widget.ReconnectRequest{
		ClientID: who.clientID, ConnectionID: body.ConnectionID, ReturnTo: body.ReturnTo,
		ReturnConnectionID: body.ReturnConnectionID, ReturnWidgetIDError: body.ReturnWidgetIDError,
		CallbackFields: body.CallbackFields, RequestID: who.requestID, GroupID: who.groupID, Locale: body.Locale,
	})
	if err != nil {
		fault.Abort(c, apiError(err))
		return
	}
	c.JSON(http.StatusCreated, Created{WidgetID: created.Widget.ID, URL: created.URL, ExpiredAt: created.Widget.ExpiredAt})
}
