package widget

import (
	"errors"
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/store"
)

// Request headers of the aggregation API.
const (
	HeaderRequestID = "X-Request-Id"
	HeaderGroupID   = "X-Group-Id"
)

var validGroupID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// RequestIDs requires X-Request-Id to be a UUID and X-Group-Id, when
// present, to be a short token; both are echoed.
func (h *Handler) RequestIDs(c *gin.Context) {
	id, err := uuid.Parse(c.GetHeader(HeaderRequestID))
	if err != nil {
		fault.Abort(c, fault.Validation(HeaderRequestID, "header is required and must be a UUID, unique per call"))
		return
	}
	c.Header(HeaderRequestID, id.String())
	if g := c.GetHeader(HeaderGroupID); g != "" {
		if !validGroupID.MatchString(g) {
			fault.Abort(c, fault.Validation(HeaderGroupID, "must be 1 to 128 characters of A-Z a-z 0-9 . _ : -"))
			return
		}
		c.Header(HeaderGroupID, g)
	}
	c.Next()
}

// caller is the client the bearer token speaks for, with the request's ids.
type caller struct {
	clientID, requestID, groupID string
}

func callerOf(c *gin.Context) (caller, bool) {
	p, ok := oauth.FromContext(c.Request.Context())
	if !ok || p.ClientID == "" {
		fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "unauthorized", "an access token is required"))
		return caller{}, false
	}
	id, _ := uuid.Parse(c.GetHeader(HeaderRequestID))
	return caller{clientID: p.ClientID, requestID: id.String(), groupID: c.GetHeader(HeaderGroupID)}, true
}

// apiError turns the domain's refusals into ErrorResponses naming the field.
func apiError(err error) error {
	switch {
	case errors.Is(err, aggregation.ErrReturnToNotAllowed):
		return fault.Validation("returnTo", "must be an absolute http(s) address on an origin registered for the client")
	case errors.Is(err, aggregation.ErrReturnToRequired):
		return fault.Validation("returnTo", "is required")
	case errors.Is(err, aggregation.ErrTooManyCallbackFields):
		return fault.Validation("callbackFields", "at most 10 key-value pairs")
	case errors.Is(err, aggregation.ErrNoProviders):
		return fault.Validation("countryCodes", "no provider serves these countries; XF selects the mock banks")
	case errors.Is(err, aggregation.ErrInvalidAccess):
		return fault.Validation("accessType", "must be one_time or recurring")
	case errors.Is(err, store.ErrNotFound):
		return fault.NotFound("connection")
	}
	return err
}
