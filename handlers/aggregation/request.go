package aggregation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// maxBody bounds every JSON request body.
const maxBody = 64 << 10

// decodeBody reads a required JSON object into v, refusing unknown fields
// and trailing data, and names the offending field in the error.
func decodeBody(c *gin.Context, v any) bool {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBody+1))
	if err != nil || len(bytes.TrimSpace(body)) == 0 {
		fault.Abort(c, fault.Validation("body", "a JSON object is required"))
		return false
	}
	if len(body) > maxBody {
		fault.Abort(c, fault.Validation("body", fmt.Sprintf("must be at most %d bytes", maxBody)))
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fault.Abort(c, fault.Validation(jsonField(err), jsonProblem(err)))
		return false
	}
	if dec.More() {
		fault.Abort(c, fault.Validation("body", "must hold exactly one JSON object"))
		return false
	}
	return true
}

func jsonField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		return strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`)
	}
	return "body"
}

func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		return "must be a JSON " + jsonType(te.Type.Kind().String())
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "is not a known field"
	}
	return "is not valid JSON"
}

func jsonType(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "number"
	case kind == "map", kind == "struct":
		return "object"
	case kind == "slice":
		return "array"
	}
	return kind
}

var validSubject = regexp.MustCompile(`^[A-Za-z0-9._:@-]{1,64}$`)

// subjectID accepts a JSON number (integer) or string and returns its text.
func subjectID(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var n json.Number
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if dec.Decode(&n) != nil || strings.ContainsAny(n.String(), ".eE") {
			return "", errors.New("is required: an integer or a string of up to 64 characters A-Z a-z 0-9 . _ : @ -")
		}
		s = n.String()
	}
	if !validSubject.MatchString(s) {
		return "", errors.New("is required: an integer or a string of up to 64 characters A-Z a-z 0-9 . _ : @ -")
	}
	return s, nil
}

// CheckCallbackFields enforces the specification's limit of 10 pairs and
// sane sizes.
func CheckCallbackFields(m map[string]string) error {
	if len(m) > aggregation.MaxCallbackFields {
		return fmt.Errorf("at most %d key-value pairs are allowed, got %d", aggregation.MaxCallbackFields, len(m))
	}
	for k, v := range m {
		if k == "" || len(k) > 64 || len(v) > 512 {
			return errors.New("keys must be 1-64 characters and values at most 512")
		}
	}
	return nil
}
