package aggregation

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/aggregation/results"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/oauth"
)

// Reports answers GET /subjects/{subjectId}/reports: the report as JSON,
// or as a PDF (format=pdf or Accept: application/pdf) for clients with the
// pdf product, which is always built by a job and answered with a link;
// either written in the language of reportLocale.
func (h *Subjects) Reports(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	pdf, ok := wantsPDF(c)
	if !ok {
		return
	}
	locale, ok := reportLocale(c)
	if !ok {
		return
	}
	if !pdf {
		h.answer(c, results.KindReport, locale)
		return
	}
	if !who.Has(oauth.ProductPDF) {
		fault.Abort(c, fault.New(http.StatusForbidden, fault.CodeForbidden, "product not granted",
			"this client has not been granted the pdf product; ask the operator to grant it, or ask for the JSON report"))
		return
	}
	h.answer(c, results.KindReportPDF, locale)
}

// wantsPDF reads the format query parameter, else the Accept header; an
// unknown format is 400.
func wantsPDF(c *gin.Context) (bool, bool) {
	switch format, _ := c.GetQuery("format"); format {
	case "pdf":
		return true, true
	case "json":
		return false, true
	case "":
	default:
		fault.Abort(c, fault.Validation("format", "must be json or pdf"))
		return false, false
	}
	for _, v := range c.Request.Header.Values("Accept") {
		for _, t := range strings.Split(v, ",") {
			media, _, _ := strings.Cut(strings.TrimSpace(t), ";")
			if strings.EqualFold(strings.TrimSpace(media), results.ContentPDF) {
				return true, true
			}
		}
	}
	return false, true
}
