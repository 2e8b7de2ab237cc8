package aggregation

import (
	"errors"

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
