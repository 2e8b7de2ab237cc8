package aggregation

import (
	"errors"
	"net/http"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// Refusal is the 400 of a request field the aggregation's rules refused,
// naming the field; any other error is returned as it is.
func Refusal(err error) error {
	var fe *aggregation.FieldError
	if errors.As(err, &fe) {
		return fault.Validation(fe.Field, fe.Problem)
	}
	return err
}

// Quota answers a create beyond one of the client's quotas: 409 with the
// code of a reached maximum, 4091, as the gateway's limits.
func Quota(qe *aggregation.QuotaError) error {
	return fault.New(http.StatusConflict, fault.CodeLimit, "quota reached", qe.Error())
}
