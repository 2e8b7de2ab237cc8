package admin

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"openbank/aggregation/results"
	"openbank/handlers/jsonbody"
	"openbank/insight/report"
	"openbank/insight/score"
	"openbank/views"
)

// pendingRefresh is how often, in seconds, a page of a result being built
// loads itself again.
const pendingRefresh = "3"

// Subject is GET /admin/aggregation/:client/subjects/:subject: the
// subject's analytics as the service computes them for the client, with
// the balance, income and spending, and categories drawn as charts.
func (h *Handler) Subject(c *gin.Context) {
	client, subject := c.Param("client"), c.Param("subject")
	if !jsonbody.SubjectPattern.MatchString(subject) {
		h.missing(c, "The subject")
		return
	}
	v := views.AdminSubjectView{AdminPage: h.adminPage(c, "Subject "+subject, "aggregation"), Client: client, Subject: subject,
		Connections:  "/admin/aggregation?" + url.Values{"client": {client}, "subject": {subject}}.Encode(),
		ReportAction: subjectPath(client, subject) + "/reports"}
	sr, err := h.console.SubjectReport(c.Request.Context(), client, subject)
	switch {
	case errors.Is(err, results.ErrUnknownSubject):
		h.missing(c, "The subject")
		return
	case errors.Is(err, results.ErrNoSubjectData), errors.Is(err, score.ErrNoHistory):
		v.NoData = "No analytics yet: " + err.Error() + "."
	case err != nil:
		h.fail(c, err)
		return
	case sr.Pending:
		v.Pending, v.Refresh = true, pendingRefresh
	default:
		fillSubject(&v, sr.Report)
	}
	h.render(c, http.StatusOK, views.AdminSubjectPage(v))
}

// fillSubject puts the report's figures and charts into the page.
func fillSubject(v *views.AdminSubjectView, r *report.Report) {
	v.Kind, v.Period, v.Currency = string(r.Subject.Kind), r.Period.From+" to "+r.Period.To, r.Currency
	v.Generated = r.GeneratedAt.UTC().Format(timeLayout)
	if s := r.Score; s != nil {
		v.Score = []views.AdminFigureRow{{Label: "Score (0 to 1000, higher is safer)", Value: fmt.Sprint(s.Value)},
			{Label: "Band", Value: s.Band}, {Label: "Probability of default in 12 months", Value: fmt.Sprintf("%.1f %%", s.PD12m*100)},
			{Label: "Model", Value: s.Model + " (" + s.Variant + ")"}, {Label: "Confidence", Value: fmt.Sprintf("%.0f %%", s.Confidence*100)}}
		for _, reason := range s.Reasons {
			v.Reasons = append(v.Reasons, fmt.Sprintf("%s (%d points)", reason.Text, reason.PointsLost))
		}
	}
	if nr := r.NotScoredReason; nr != nil {
		v.Score = []views.AdminFigureRow{{Label: "Score", Value: nr.Text()}}
	}
	for _, a := range r.Accounts {
		v.Accounts = append(v.Accounts, views.AdminAccountRow{ID: a.ID, Name: a.Name, Type: string(a.Type), IBAN: a.IBAN,
			Balance: a.Balance.Format(a.Currency)})
	}
	v.Balance, v.BalanceSummary, v.MonthEnds = balanceChart(r), balanceSummary(r), monthEnds(r)
	v.Flows, v.FlowRows = flowsChart(r), flowRows(r)
	v.Categories, v.ShareRows = categoryChart(r), shareRows(r)
	for _, k := range r.KPIs {
		v.KPIs = append(v.KPIs, views.AdminKPIRow{Label: k.Label, Last90: k.Last90, Last365: k.Last365})
	}
	for _, f := range r.RiskFlags {
		v.Flags = append(v.Flags, views.AdminFigureRow{Label: f.Label, Value: f.Text})
	}
}

func subjectPath(client, subject string) string {
	return "/admin/aggregation/" + url.PathEscape(client) + "/subjects/" + url.PathEscape(subject)
}
