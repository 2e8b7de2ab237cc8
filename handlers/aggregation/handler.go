package aggregation

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/fault"
	"openbank/store"
)

// Handler serves the aggregation API: it parses, calls the service and
// renders.
type Handler struct {
	Service *aggregation.Service
	Banks   *banks.Registry
	Clock   func() time.Time
}

// New builds the handler over the service.
func New(svc *aggregation.Service) *Handler {
	return &Handler{Service: svc, Banks: svc.Banks, Clock: svc.Clock}
}

func (h *Handler) now() time.Time { return h.Clock().UTC() }

// pathID parses a positive integer path parameter.
func pathID(c *gin.Context, name string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		fault.Abort(c, fault.Validation(name, "must be a positive integer"))
		return 0, false
	}
	return id, true
}

// queryID parses a required positive integer query parameter.
func queryID(c *gin.Context, name string, required bool) (int64, bool) {
	raw, ok := c.GetQuery(name)
	if !ok && !required {
		return 0, true
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 0 || (required && id == 0) {
		fault.Abort(c, fault.Validation(name, "is required and must be a positive integer"))
		return 0, false
	}
	return id, true
}

// fail maps domain errors to API errors.
func fail(c *gin.Context, err error) {
	var ce *banks.ConsentError
	var pe *banks.ProviderError
	var ee *aggregation.EnvironmentError
	var qe *aggregation.QuotaError
	switch {
	case errors.As(err, &qe):
		fault.Abort(c, Quota(qe))
	case errors.Is(err, store.ErrNotFound):
		fault.Abort(c, fault.NotFound("connection"))
	case errors.As(err, &ee):
		fault.Abort(c, fault.New(http.StatusForbidden, fault.CodeForbidden, "wrong environment: "+string(ee.ClientEnvironment)+" client, "+string(ee.BankEnvironment)+" bank", ee.Error()))
	case errors.Is(err, aggregation.ErrUnknownProvider):
		fault.Abort(c, fault.Validation("provider", "unknown provider code; GET /providers?countryCodes=XF lists them"))
	case errors.Is(err, aggregation.ErrReturnToRequired), errors.Is(err, aggregation.ErrReturnToNotAllowed):
		fault.Abort(c, fault.Validation("returnTo", err.Error()))
	case errors.Is(err, aggregation.ErrCredentialsRequired):
		fault.Abort(c, fault.Validation("credentials", err.Error()))
	case errors.Is(err, aggregation.ErrAccessLimit):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeLimit, "daily access limit reached", err.Error()))
	case errors.Is(err, aggregation.ErrConsentNotOK), errors.Is(err, aggregation.ErrSCAClosed), errors.Is(err, aggregation.ErrAwaitingApproval):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "consent state conflict", err.Error()))
	case errors.As(err, &pe):
		fault.Abort(c, fault.New(http.StatusBadGateway, fault.CodeBankUnavailable, "bank unavailable", pe.Reason+"; try again later"))
	case errors.As(err, &ce):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "consent state conflict", ce.Reason))
	default:
		fault.Abort(c, err)
	}
}
