package gateway

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/store"
)

// fail answers err: a rule or store error becomes its documented status,
// anything else the generic 500. hidden names the record a hidden showcase
// stands for in the 404.
func fail(c *gin.Context, err error, hidden string) {
	fault.Abort(c, faultOf(err, hidden))
}

func faultOf(err error, hidden string) error {
	var field *gateway.FieldError
	switch {
	case errors.As(err, &field):
		return fault.Validation(field.Field, field.Problem)
	case errors.Is(err, gateway.ErrHidden):
		return fault.NotFound(hidden)
	case errors.Is(err, store.ErrNotFound) && store.Missing(err) != "":
		return fault.NotFound(store.Missing(err))
	case errors.Is(err, gateway.ErrForbidden):
		return fault.New(http.StatusForbidden, fault.CodeForbidden, "forbidden",
			"the consent you hold on this showcase does not allow this; ask its owner for FULL_ACCESS")
	case errors.Is(err, store.ErrNoText):
		return fault.Validation("selectableTextIdx", "must be an index of GET /gateway/v1.1.0/reminder-texts")
	}
	return err
}

// limitReached is the 409 of a create beyond the configured maximum.
func limitReached(what string, limit int) *fault.Error {
	return fault.New(http.StatusConflict, fault.CodeLimit, "maximum number of "+what+" reached",
		"the limit is "+itoa(limit)+"; delete some before creating more")
}

// exists is the 409 of a create whose key is taken.
func exists(what, description string) *fault.Error {
	return fault.New(http.StatusConflict, fault.CodeConflict, what+" already exists", description)
}

func itoa(n int) string { return strconv.Itoa(n) }
