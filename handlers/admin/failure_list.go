package admin

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// FailureList is GET /admin/failures: the failed fetches the dashboard
// counts, each linked to its connection.
func (h *Handler) FailureList(c *gin.Context) {
	fetches, err := h.console.FailedFetches(c.Request.Context())
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminFailuresView{AdminPage: h.adminPage(c, "Failed fetches", "dashboard")}
	for _, f := range fetches {
		v.Fetches = append(v.Fetches, views.AdminFailedFetchRow{Finished: f.FinishedAt.UTC().Format(timeLayout),
			Connection: strconv.FormatInt(f.ConnectionID, 10), Href: connectionPath(f.ClientID, f.ConnectionID),
			Client: f.ClientID, Subject: f.SubjectID, Provider: f.Provider, Trigger: f.Trigger,
			Code: f.ErrorCode.String, Reason: f.ErrorReason.String})
	}
	h.render(c, http.StatusOK, views.AdminFailuresPage(v))
}
