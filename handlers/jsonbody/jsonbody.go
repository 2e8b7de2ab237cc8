// Package jsonbody reads the strict JSON request bodies of the APIs: one
// object, no unknown fields, at most MaxBytes, and errors that name the
// offending field.
package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

// MaxBytes bounds a request body.
const MaxBytes = 64 << 10

// plainName is a field name that a description can start with.
var plainName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// Read decodes the JSON object of the request into dst, refusing an
// absent body, invalid JSON, unknown fields and mistyped values with a
// fault naming the field.
func Read(c *gin.Context, dst any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, MaxBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		fault.Abort(c, fault.New(http.StatusRequestEntityTooLarge, fault.CodeTooLarge, "request body too large",
			"the body must be at most "+strconv.Itoa(MaxBytes)+" bytes"))
		return false
	}
	if err == nil {
		err = Decode(body, dst)
	}
	if err != nil {
		fault.Abort(c, err)
		return false
	}
	return true
}

// Decode is the strict JSON decoding of one object into dst; its errors
// are *fault.Error naming the field.
func Decode(body []byte, dst any) error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return fault.Validation("body", "is required: send a JSON object")
	}
	if trimmed[0] != '{' {
		return fault.Validation("body", "must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		lead := int64(len(body) - len(bytes.TrimLeftFunc(body, unicode.IsSpace)))
		return decodeFault(err, lead, lead+int64(len(trimmed)))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fault.Validation("body", "must hold one JSON object and nothing after it")
	}
	return nil
}

// decodeFault names the field a decoding error is about, or the byte of
// the body (lead bytes of leading space, end bytes in all) where the JSON
// stopped being valid.
func decodeFault(err error, lead, end int64) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return fault.Validation(typeErr.Field, "must be "+kind(typeErr.Type))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name, _ := strconv.Unquote(f)
		if !plainName.MatchString(name) {
			return fault.Validation("body", "has an unknown field "+strconv.Quote(name))
		}
		return fault.Validation(name, "is not a field of this request body")
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) {
		return fault.Validation("body", "invalid JSON at byte "+strconv.FormatInt(lead+syntaxErr.Offset, 10)+": "+syntaxErr.Error())
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fault.Validation("body", "invalid JSON at byte "+strconv.FormatInt(end, 10)+": unexpected end of JSON input")
	}
	return fault.Validation("body", "is not valid JSON")
}

// kind describes the JSON value a Go type accepts.
func kind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int32:
		return "a whole number from -2147483648 to 2147483647"
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "a value of type " + t.Kind().String()
}
