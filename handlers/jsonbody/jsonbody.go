// Package jsonbody reads the request bodies of the APIs: strict JSON (one
// object, no unknown fields, no duplicate keys, no control characters in
// strings, at most MaxBytes) and any body within a limit, with errors that
// name the offending field.
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
// absent body, invalid JSON, unknown fields, duplicate keys, mistyped values
// and control characters with a fault naming the field.
func Read(c *gin.Context, dst any) bool {
	body, ok := ReadBytes(c, MaxBytes)
	if !ok {
		return false
	}
	if err := Decode(body, dst); err != nil {
		fault.Abort(c, err)
		return false
	}
	return true
}

// ReadBytes reads a request body of at most limit bytes. A larger body is
// answered 413, at once when its Content-Length says so (nothing is read,
// and a client waiting for 100 Continue gets the answer instead).
func ReadBytes(c *gin.Context, limit int64) ([]byte, bool) {
	if c.Request.ContentLength > limit {
		fault.Abort(c, TooLarge(limit))
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		fault.Abort(c, TooLarge(min(limit, tooLarge.Limit)))
		return nil, false
	case err != nil:
		fault.Abort(c, fault.Validation("body", "could not be read; send it again"))
		return nil, false
	}
	return body, true
}

// TooLarge is the 413 of a body over limit bytes.
func TooLarge(limit int64) *fault.Error {
	return fault.New(http.StatusRequestEntityTooLarge, fault.CodeTooLarge, "request body too large",
		"the body must be at most "+strconv.FormatInt(limit, 10)+" bytes")
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
	return checkDocument(trimmed)
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
