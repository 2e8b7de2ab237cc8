package aggregation

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

// readBody reads a request body of at most limit bytes; beyond that it
// answers 413.
func readBody(c *gin.Context, limit int64) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		fault.Abort(c, fault.New(http.StatusRequestEntityTooLarge, fault.CodeTooLarge, "request body too large",
			"the body must be at most "+strconv.FormatInt(limit, 10)+" bytes; split it"))
		return nil, false
	}
	if err != nil {
		fault.Abort(c, fault.Validation("body", "could not be read"))
		return nil, false
	}
	return body, true
}
