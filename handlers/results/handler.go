package results

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/aggregation/results"
	"openbank/handlers/fault"
)

// Handler serves result links.
type Handler struct {
	Results *results.Service
}

// Pending is the body of a 202 for a result still being built.
type Pending struct {
	Status    string    `json:"status"` // pending
	OutputURI string    `json:"outputUri"`
	ExpiredAt time.Time `json:"expiredAt"`
}

// Mount adds the storage endpoint to r. It needs no token: the link's
// signature is the credential.
func (h *Handler) Mount(r gin.IRouter) {
	r.GET(results.Path+":resultId", h.Get)
}

// Get answers a result link: 200 with the result, 202 while it is built,
// 409 when building it failed, 410 once the link has expired and 404 for
// a link this server did not sign.
func (h *Handler) Get(c *gin.Context) {
	c.Header("Cache-Control", "private, no-store")
	c.Header("Referrer-Policy", "no-referrer")
	f, err := h.Results.Download(c.Request.Context(), c.Param("resultId"), c.Query("expires"), c.Query("sig"))
	switch {
	case errors.Is(err, results.ErrUnknown):
		fault.Abort(c, fault.NotFound("result"))
	case errors.Is(err, results.ErrExpired):
		fault.Abort(c, fault.New(http.StatusGone, fault.CodeNotFound, "result expired", err.Error()))
	case err != nil:
		fault.Abort(c, err)
	case f.Status == "pending":
		c.Header("Retry-After", strconv.Itoa(int(results.RetryAfter/time.Second)))
		c.JSON(http.StatusAccepted, Pending{Status: f.Status, OutputURI: f.Link.URI, ExpiredAt: f.Link.ExpiredAt})
	case f.Status == "failed":
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "result failed", f.Reason))
	default:
		if f.ContentType == results.ContentPDF {
			c.Header("Content-Disposition", `attachment; filename="report.pdf"`)
		}
		c.Data(http.StatusOK, f.ContentType, f.Body)
	}
}
