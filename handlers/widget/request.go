package widget

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	apicaller "openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/store"
	"openbank/widget"
)

// caller is the client the bearer token speaks for, with the request's ids.
type caller struct {
	clientID, requestID, groupID string
}

// callerOf reads the authenticated client (apicaller.Of) and the call's ids.
func callerOf(c *gin.Context) (caller, bool) {
	p, ok := apicaller.Of(c)
	if !ok {
		return caller{}, false
	}
	id, _ := uuid.Parse(c.GetHeader("X-Request-Id"))
	return caller{clientID: p.ClientID, requestID: id.String(), groupID: c.GetHeader("X-Group-Id")}, true
}

// apiError turns the domain's refusals into ErrorResponses naming the field.
func apiError(err error) error {
	var field *aggregation.FieldError
	var quota *aggregation.QuotaError
	switch {
	case errors.As(err, &quota):
		return fault.New(http.StatusConflict, fault.CodeLimit, "quota reached", quota.Error())
	case errors.As(err, &field):
		return fault.Validation(field.Field, field.Problem)
	case errors.Is(err, aggregation.ErrReturnToNotAllowed):
		return fault.Validation("returnTo", "must be an absolute http(s) address on an origin registered for the client")
	case errors.Is(err, aggregation.ErrReturnToRequired):
		return fault.Validation("returnTo", "is required")
	case errors.Is(err, widget.ErrOtherEnvironment):
		return fault.New(http.StatusForbidden, fault.CodeForbidden, "wrong environment", "countryCodes: "+err.Error())
	case errors.Is(err, widget.ErrNoProviders):
		return fault.Validation("countryCodes", "no provider serves these countries; XF selects the mock banks")
	case errors.Is(err, store.ErrNotFound):
		return fault.NotFound("connection")
	}
	return err
}
