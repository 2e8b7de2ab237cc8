package web

import (
	"errors"
	"mime"
	"net/http"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// bodyLimit is the largest body a request to path may send: the largest
// any aggregation call accepts (an upload) under /aggregation/, whose
// handlers apply their own smaller limits, and a JSON body's elsewhere.
func bodyLimit(path string) int64 {
	if strings.HasPrefix(path, "/aggregation/") {
		return aggregation.MaxUploadBytes
	}
	return jsonbody.MaxBytes
}

// ownRules tells the paths that apply these rules themselves: the OAuth
// endpoints answer in RFC 6749's terms.
func ownRules(path string) bool {
	return strings.HasPrefix(path, "/oauth2/") || path == "/token"
}

// requestLimits answers 413 for a body over the path's limit (at once when
// Content-Length says so) and 400 for a query parameter or form field that
// is no fit for a text column (a NUL byte, a control character, invalid
// UTF-8), naming it. A form is read here, within the limit, so that no
// handler meets an oversized or unreadable one.
func (s *Server) requestLimits(c *gin.Context) {
	r := c.Request
	if ownRules(r.URL.Path) {
		c.Next()
		return
	}
	limit := bodyLimit(r.URL.Path)
	if r.ContentLength > limit {
		s.fail(c, jsonbody.TooLarge(limit))
		return
	}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(c.Writer, r.Body, limit)
	}
	if r.URL.RawQuery != "" { // most requests have none: no map to parse it into
		if err := checkValues("query parameter", r.URL.Query()); err != nil {
			s.fail(c, err)
			return
		}
	}
	if err := readForm(r, limit); err != nil {
		s.fail(c, err)
		return
	}
	c.Next()
}

// readForm parses a form body and checks its fields; other bodies are left
// to their handlers.
func readForm(r *http.Request, limit int64) *fault.Error {
	var err error
	switch formType(r.Header.Get("Content-Type")) {
	case "multipart/form-data":
		err = r.ParseMultipartForm(limit)
	case "application/x-www-form-urlencoded":
		err = r.ParseForm()
	default:
		return nil
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return jsonbody.TooLarge(limit)
	case err != nil:
		return fault.Validation("body", "is not a readable form")
	}
	return checkValues("form field", r.PostForm)
}

// formType is the media type of a Content-Type, "" when it is unreadable
// (such a body is no form; its handler judges it).
func formType(contentType string) string {
	media, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return media
}

// checkValues refuses the first value, in name order, that TextProblem
// refuses.
func checkValues(kind string, values map[string][]string) *fault.Error {
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if p := jsonbody.TextProblem(name); p != "" {
			return fault.Validation(kind, "has a name that "+p)
		}
		for _, v := range values[name] {
			if p := jsonbody.TextProblem(v); p != "" && len(name) <= 64 {
				return fault.Validation(name, p)
			} else if p != "" {
				return fault.Validation(kind, "has a value that "+p)
			}
		}
	}
	return nil
}
