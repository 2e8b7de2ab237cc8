package aggregation

import (
	"encoding/json"
	"errors"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// validSubject is what a subject id may be (jsonbody.SubjectPattern).
var validSubject = jsonbody.SubjectPattern

// SubjectID reads a subjectId (jsonbody.SubjectID).
func SubjectID(raw json.RawMessage) (string, error) { return jsonbody.SubjectID(raw) }

// Refusal is the 400 of a request field the aggregation's rules refused,
// naming the field; any other error is returned as it is.
func Refusal(err error) error {
	var fe *aggregation.FieldError
	if errors.As(err, &fe) {
		return fault.Validation(fe.Field, fe.Problem)
	}
	return err
}
