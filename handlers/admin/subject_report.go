package admin

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation/results"
	"openbank/handlers/jsonbody"
	"openbank/insight/score"
	"openbank/store"
	"openbank/views"
)

// reportRecord is a requested PDF report as the audit log keeps it.
type reportRecord struct {
	ResultID string `json:"resultId"`
	Client   string `json:"clientId"`
	Subject  string `json:"subjectId"`
	Kind     string `json:"kind"`
}

// ReportRequest is POST /admin/aggregation/:client/subjects/:subject/reports:
// the subject's PDF report asked of the service as the client would; the
// answer goes to the report's page, which waits for the build job.
func (h *Handler) ReportRequest(c *gin.Context) {
	client, subject := c.Param("client"), c.Param("subject")
	if !jsonbody.SubjectPattern.MatchString(subject) {
		h.missing(c, "The subject")
		return
	}
	id, err := h.console.RequestPDF(c.Request.Context(), client, subject)
	switch {
	case errors.Is(err, results.ErrUnknownSubject):
		h.missing(c, "The subject")
		return
	case errors.Is(err, results.ErrNoSubjectData), errors.Is(err, score.ErrNoHistory):
		h.notice(c, http.StatusConflict, "No report yet", "There is nothing to report: "+err.Error()+".",
			subjectPath(client, subject), "Back to the subject")
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	after := reportRecord{ResultID: id, Client: client, Subject: subject, Kind: results.KindReportPDF}
	if err := h.record(c, "report.request", "subject/"+client+"/"+subject, nil, after); err != nil {
		h.fail(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, subjectPath(client, subject)+"/reports/"+id)
}

// Report is GET /admin/aggregation/:client/subjects/:subject/reports/:id:
// the PDF report being made (the page looks again by itself), ready with
// its download link, or failed with the reason.
func (h *Handler) Report(c *gin.Context) {
	client, subject := c.Param("client"), c.Param("subject")
	f, err := h.console.PDF(c.Request.Context(), client, subject, c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		h.notice(c, http.StatusNotFound, "This report has expired or does not exist",
			"Reports are kept for a limited time. Ask for a new one on the subject's page.", subjectPath(client, subject), "Back to the subject")
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminReportView{AdminPage: h.adminPage(c, "PDF report of "+subject, "aggregation"), Client: client, Subject: subject,
		Status: f.Status, Reason: f.Reason, Back: subjectPath(client, subject), Again: subjectPath(client, subject) + "/reports"}
	switch f.Status {
	case "ready":
		v.Download, v.Expires = f.Link.URI, f.Link.ExpiredAt.Format(timeLayout)
	case "pending":
		v.Refresh = pendingRefresh
	}
	h.render(c, http.StatusOK, views.AdminReportPage(v))
}
