package aggregation

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/aggregation/results"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/insight/score"
)

// Subjects serves the insight operations on a subject: its analytics and
// its reports, answered at once or through a link to the storage endpoint.
type Subjects struct {
	Results *results.Service
}

// ResultLink is the body of a 202: where the result will be, and until when.
type ResultLink struct {
	OutputURI string    `json:"outputUri"`
	ExpiredAt time.Time `json:"expiredAt"`
}

// Mount adds the subject operations to r, the group of one release level
// whose middleware has authenticated a client with the insight product.
func (h *Subjects) Mount(r gin.IRouter) {
	r.GET("/subjects/:subjectId/analytics", h.Analytics)
	r.GET("/subjects/:subjectId/reports", h.Reports)
}

// Analytics answers GET /subjects/{subjectId}/analytics.
func (h *Subjects) Analytics(c *gin.Context) {
	h.answer(c, results.KindAnalytics, "")
}

// answer asks the service for a result of kind, a report written in
// locale, and renders it: 200 with the result, or 202 with its link.
func (h *Subjects) answer(c *gin.Context, kind, locale string) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	subject := c.Param("subjectId")
	if !jsonbody.SubjectPattern.MatchString(subject) {
		fault.Abort(c, fault.Validation("subjectId", "must be 1-64 characters of A-Z a-z 0-9 . _ : @ -"))
		return
	}
	async := prefersAsync(c.Request.Header.Values("Prefer"))
	a, err := h.Results.Request(c.Request.Context(), results.Request{
		ClientID: who.ClientID, SubjectID: subject, Kind: kind, Async: async, Locale: locale})
	if err != nil {
		failResult(c, err)
		return
	}
	if a.Link == nil {
		c.Header("Cache-Control", "private, no-store")
		c.Data(http.StatusOK, a.ContentType, a.Body)
		return
	}
	if async {
		c.Header("Preference-Applied", "respond-async")
	}
	c.Header("Location", a.Link.URI)
	c.Header("Retry-After", retryAfter())
	c.JSON(http.StatusAccepted, ResultLink{OutputURI: a.Link.URI, ExpiredAt: a.Link.ExpiredAt})
}

// prefersAsync reports whether a Prefer header asks for respond-async (RFC 7240).
func prefersAsync(prefer []string) bool {
	for _, v := range prefer {
		for _, p := range strings.Split(v, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(p), ";")
			if strings.EqualFold(strings.TrimSpace(name), "respond-async") {
				return true
			}
		}
	}
	return false
}

// retryAfter is the Retry-After of a pending result, in whole seconds.
func retryAfter() string {
	return strconv.Itoa(int(results.RetryAfter / time.Second))
}

// failResult maps the errors of analytics and reports.
func failResult(c *gin.Context, err error) {
	switch {
	case errors.Is(err, results.ErrUnknownSubject):
		fault.Abort(c, fault.NotFound("subject"))
	case errors.Is(err, results.ErrNoSubjectData), errors.Is(err, score.ErrNoHistory):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "no data yet", err.Error()))
	default:
		fault.Abort(c, err)
	}
}
