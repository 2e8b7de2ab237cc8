package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"openbank/i18n"
)

// The page geometry of a report, in millimetres on A4 portrait.
const (
	pageMargin   = 15.0
	pageWidth    = 210.0
	pageHeight   = 297.0
	contentWidth = pageWidth - 2*pageMargin
	footerSpace  = 18.0 // from the bottom edge, kept free for the footer
)

// reportDoc is a report being printed: the document, its cp1252 translation
// of text (the core fonts know no other) and the report.
type reportDoc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
	p   i18n.Printer // the report's language
	r   *Report
}

// RenderPDF prints a report on A4 pages for a loan officer, the summary
// first (subject and period, data freshness and quality, accounts, score and
// band, risk flags, balance, money in and out, spending by category and key
// figures), then the detail (income sources, lenders, recurring payments,
// returned payments, fees, days below zero, gambling, debt collectors and
// the transactions of the last 90 days), in the language the report is
// written in. It uses only the PDF core fonts, whose cp1252 covers the
// letters of every language of i18n.Languages, loads nothing from disk, and
// gives the same bytes for the same report.
func RenderPDF(r *Report) ([]byte, error) {
	d := newReportDoc(r)
	d.pdf.AddPage()
	d.title()
	d.qualitySection()
	d.accountTable()
	d.scoreSection()
	d.flagTable()
	d.timelineChart()
	d.monthlyChart()
	d.categoryChart()
	d.kpiTable()
	d.detailPart()
	d.incomeTable()
	d.lenderTable()
	d.recurringTable()
	d.returnedTable()
	d.feeTable()
	d.overdraftTable()
	d.gamblingTable()
	d.collectorTable()
	d.transactionTable()
	var buf bytes.Buffer
	if err := d.pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("insight: print report: %w", err)
	}
	return buf.Bytes(), nil
}

// newReportDoc sets up an A4 document whose dates are the report's, so that
// nothing in it depends on the clock.
func newReportDoc(r *Report) *reportDoc {
	pdf := fpdf.New("P", "mm", "A4", "")
	d := &reportDoc{pdf: pdf, tr: cp1252(pdf.UnicodeTranslatorFromDescriptor("")), p: i18n.For(r.lang), r: r}
	stamp := r.GeneratedAt
	if stamp.IsZero() {
		stamp = time.Unix(0, 0).UTC() // fpdf reads a zero date as now
	}
	pdf.SetCreationDate(stamp)
	pdf.SetModificationDate(stamp)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetProducer("Openbank", false)
	pdf.SetCreator("Openbank", false)
	pdf.SetTitle(d.p.Text("report.pdf.title")+" "+r.Subject.ID, true)
	pdf.SetSubject(d.p.Text("report.pdf.period", "from", r.Period.From, "to", r.Period.To), true)
	pdf.SetLang(d.p.Lang())
	pdf.SetMargins(pageMargin, pageMargin, pageMargin)
	pdf.SetAutoPageBreak(true, footerSpace)
	pdf.AliasNbPages("{nb}")
	pdf.SetHeaderFunc(d.runningHeader)
	pdf.SetFooterFunc(d.footer)
	return d
}

// footer prints when the report was made, whom it is about and the page number.
func (d *reportDoc) footer() {
	p := d.pdf
	y := pageHeight - 12
	d.stroke(inkRule, 0.2)
	p.Line(pageMargin, y-1.5, pageWidth-pageMargin, y-1.5)
	d.font("", 7.5, inkMuted)
	p.SetXY(pageMargin, y)
	p.CellFormat(contentWidth/3, 4, d.tr(d.p.Text("report.pdf.generated", "time", d.generated())), "", 0, "L", false, 0, "")
	p.CellFormat(contentWidth/3, 4, d.tr(d.p.Text("report.pdf.subject", "subject", d.r.Subject.ID)), "", 0, "C", false, 0, "")
	p.CellFormat(contentWidth/3, 4, d.tr(d.p.Text("report.pdf.page", "page", strconv.Itoa(p.PageNo()), "pages", "{nb}")), "", 0, "R", false, 0, "")
}

// runningHeader names the report at the top of every page after the first.
func (d *reportDoc) runningHeader() {
	if d.pdf.PageNo() == 1 {
		return
	}
	p := d.pdf
	d.font("", 7.5, inkMuted)
	p.SetXY(pageMargin, 8)
	p.CellFormat(contentWidth/2, 4, d.tr(d.p.Text("report.pdf.title")), "", 0, "L", false, 0, "")
	p.CellFormat(contentWidth/2, 4, d.tr(d.r.Subject.ID+"  |  "+d.periodText()), "", 0, "R", false, 0, "")
	d.stroke(inkRule, 0.2)
	p.Line(pageMargin, 13, pageWidth-pageMargin, 13)
	p.SetY(pageMargin + 2)
}

// periodText prints the report's period: "16 Nov 2025 – 15 Nov 2026".
func (d *reportDoc) periodText() string {
	return d.day(d.r.Period.From) + " – " + d.day(d.r.Period.To)
}

// longDate prints a YYYY-MM-DD day as "2 Jan 2006", or as given when it is not one.
func longDate(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("2 Jan 2006")
}

// generated prints when the report was made, in UTC.
func (d *reportDoc) generated() string {
	t := d.r.GeneratedAt.UTC()
	if english(d.p) {
		return t.Format("2 Jan 2006 15:04 MST")
	}
	return d.day(t.Format(time.DateOnly)) + " " + t.Format("15:04") + " UTC"
}

// day prints a YYYY-MM-DD day in the report's language (dayIn).
func (d *reportDoc) day(day string) string { return dayIn(d.p, day) }

// cp1252 is the translation of text into the core fonts' cp1252; the
// narrow no-break space some languages group digits with becomes a
// no-break space first, which cp1252 has.
func cp1252(tr func(string) string) func(string) string {
	return func(s string) string { return tr(strings.ReplaceAll(s, "\u202f", "\u00a0")) }
}
