package report

import (
	"strconv"

	"codeberg.org/go-pdf/fpdf"

	"openbank/i18n"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// bandInks are the colours of bands A to E, green to red.
var bandInks = []ink{{46, 158, 68}, {139, 195, 74}, {242, 201, 76}, {242, 153, 74}, {214, 69, 69}}

// bandRanges are the catalogue messages of the probabilities of default of bands A to E.
var bandRanges = []string{"report.pdf.band.a", "report.pdf.band.b", "report.pdf.band.c", "report.pdf.band.d", "report.pdf.band.e"}

// title prints the report's banner: what it is, whom it is about and when.
func (d *reportDoc) title() {
	p := d.pdf
	d.fill(inkTitle)
	p.Rect(0, 0, pageWidth, 30, "F")
	d.font("B", 18, inkWhite)
	d.textAt(pageMargin, 14, "L", d.p.Text("report.pdf.title"))
	d.font("", 9, inkWhite)
	d.textAt(pageMargin, 22, "L", d.p.Text("report.pdf.lead"))
	d.font("B", 10, inkWhite)
	d.textAt(pageWidth-pageMargin, 12, "R", d.p.Text("report.pdf.subject", "subject", d.r.Subject.ID))
	d.font("", 9, inkWhite)
	d.textAt(pageWidth-pageMargin, 18, "R", kindName(d.p, d.r.Subject.Kind))
	d.textAt(pageWidth-pageMargin, 24, "R", d.periodText())
	p.SetY(33)
}

// kindName is how a report names a kind of subject.
func kindName(p i18n.Printer, k ledger.SubjectKind) string {
	if k == ledger.BusinessSubject {
		return p.Text("report.pdf.kind.business")
	}
	return p.Text("report.pdf.kind.consumer")
}

// scoreSection prints the score, its band on the A to E scale and the
// reasons, or why there is no score.
func (d *reportDoc) scoreSection() {
	s := d.r.Score
	if s == nil {
		d.notScored()
		return
	}
	d.section("report.pdf.section.score", 34+tableRow*float64(len(s.Reasons)+1))
	p := d.pdf
	top := p.GetY()
	d.font("B", 30, inkTitle)
	d.textAt(pageMargin, top+11, "L", strconv.Itoa(s.Value))
	d.font("", 8.5, inkMuted)
	d.textAt(pageMargin, top+17, "L", d.p.Text("report.pdf.outOf", "max", countIn(d.p, 1000)))
	d.font("B", 9, inkText)
	d.textAt(pageMargin, top+23, "L", d.p.Text("report.pdf.band", "band", s.Band, "pd", decimalIn(d.p, s.PD12m*100, 1)))
	d.bandScale(82, top+1, s.Band)
	d.font("", 7, inkMuted)
	d.textAt(pageWidth-pageMargin, top+28, "R", d.p.Text("report.pdf.model", "model", s.Model, "variant", s.Variant,
		"confidence", percentIn(d.p, s.Confidence)))
	p.SetY(top + 31)
	rows := make([][]string, 0, len(s.Reasons))
	for _, r := range s.Reasons {
		rows = append(rows, []string{r.Text, strconv.Itoa(r.PointsLost)})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{d.p.Text("report.pdf.noReason"), "0"})
	}
	d.table([]column{{"report.pdf.col.whatCostTheMostPoints", 150, "L"}, {"report.pdf.col.pointsLost", 30, "R"}}, rows, nil)
}

// bandScale draws bands A to E as coloured boxes with their ranges, the
// subject's band raised, outlined and pointed at.
func (d *reportDoc) bandScale(x, y float64, band string) {
	const w, h = 22.6, 9.0
	p := d.pdf
	for i, letter := range []string{"A", "B", "C", "D", "E"} {
		bx, by, bh := x+float64(i)*w, y+2, h
		if letter == band {
			by, bh = y, h+4
		}
		d.fill(bandInks[i])
		p.Rect(bx, by, w-1, bh, "F")
		if letter == band {
			d.stroke(inkText, 0.7)
			p.Rect(bx, by, w-1, bh, "D")
		}
		d.font("B", 11, inkWhite)
		d.textAt(bx+(w-1)/2, y+2+h/2+1.6, "C", letter)
		d.font("", 6.5, inkMuted)
		d.textAt(bx+(w-1)/2, y+h+8, "C", d.p.Text(bandRanges[i]))
	}
	mid := x + float64(indexOfBand(band))*w + (w-1)/2
	d.fill(inkText)
	p.Polygon([]fpdf.PointType{{X: mid - 2, Y: y + h + 13}, {X: mid + 2, Y: y + h + 13}, {X: mid, Y: y + h + 10}}, "F")
}

// indexOfBand is the position of a band letter on the scale, E for any other.
func indexOfBand(band string) int {
	for i, b := range []string{"A", "B", "C", "D"} {
		if b == band {
			return i
		}
	}
	return 4
}

// notScored prints why the report gives no score: the minimum scoring
// criterion the data fails.
func (d *reportDoc) notScored() {
	text := d.p.Text("report.pdf.noScore")
	if r := d.r.NotScoredReason; r != nil {
		if key, ok := notScoredKeys[*r]; ok {
			text = d.p.Text(key)
		}
	}
	d.section("report.pdf.section.score", 20)
	p := d.pdf
	top := p.GetY()
	d.font("B", 12, inkTitle)
	d.textAt(pageMargin, top+6, "L", text)
	d.font("", 8.5, inkMuted)
	d.textAt(pageMargin, top+12, "L", d.p.Text("report.pdf.scoreNeeds"))
	d.textAt(pageMargin, top+17, "L", d.p.Text("report.pdf.figuresAllTheSame"))
	p.SetY(top + 20)
}

// notScoredKeys are the catalogue messages that say why there is no score.
var notScoredKeys = map[score.NotScoredReason]string{
	score.NoTransactions:      "report.notScored.no_transactions",
	score.InsufficientHistory: "report.notScored.insufficient_history",
	score.TooFewTransactions:  "report.notScored.too_few_transactions",
	score.NoInflow:            "report.notScored.no_inflow",
	score.StaleData:           "report.notScored.stale_data",
}
