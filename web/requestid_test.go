package web

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"openbank/handlers/requestid"
)

// TestRequestIDValidation checks which ids sent by clients are kept, and
// that the check agrees with the pattern the documentation gives.
func TestRequestIDValidation(t *testing.T) {
	pattern := regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)
	tests := []struct {
		id   string
		kept bool
	}{
		{"a55c94c2-7810-4f0b-9342-ee7564c5b3e5", true},
		{"abc-123", true},
		{"lb:1.2_3", true},
		{strings.Repeat("x", 128), true},
		{"", false},
		{strings.Repeat("x", 129), false},
		{"with space", false},
		{"new\nline", false},
		{"é", false},
		{"a/b", false},
		{"semi;colon", false},
	}
	for _, tt := range tests {
		if got := validRequestID(tt.id); got != tt.kept || got != pattern.MatchString(tt.id) {
			t.Errorf("validRequestID(%q) = %v, want %v", tt.id, got, tt.kept)
		}
		e := gin.New()
		e.Use(requestIDs)
		var inContext string
		e.GET("/", func(c *gin.Context) { inContext = requestid.From(c.Request.Context()) })
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set(HeaderRequestID, tt.id)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		echoed := rec.Header().Get(HeaderRequestID)
		if echoed != inContext || (echoed == tt.id) != tt.kept || echoed == "" {
			t.Errorf("%q: echoed %q, in the context %q", tt.id, echoed, inContext)
		}
	}
}
