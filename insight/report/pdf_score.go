package report

import (
	"fmt"
	"strconv"

	"codeberg.org/go-pdf/fpdf"

	"openbank/insight/ledger"
)

// bandInks are the colours of bands A to E, green to red.
var bandInks = []ink{{46, 158, 68}, {139, 195, 74}, {242, 201, 76}, {242, 153, 74}, {214, 69, 69}}

// bandRanges are the probabilities of default of bands A to E.
var bandRanges = []string{"PD under 2%", "2% to 5%", "5% to 10%", "10% to 20%", "20% or more"}

// title prints the report's banner: what it is, whom it is about and when.
func (d *reportDoc) title() {
	p := d.pdf
	d.fill(inkTitle)
	p.Rect(0, 0, pageWidth, 30, "F")
	d.font("B", 18, inkWhite)
	d.textAt(pageMargin, 14, "L", "Account analysis report")
	d.font("", 9, inkWhite)
	d.textAt(pageMargin, 22, "L", "Bank account data of one subject, for a credit decision")
	d.font("B", 10, inkWhite)
	d.textAt(pageWidth-pageMargin, 12, "R", "Subject "+d.r.Subject.ID)
	d.font("", 9, inkWhite)
	d.textAt(pageWidth-pageMargin, 18, "R", kindName(d.r.Subject.Kind))
	d.textAt(pageWidth-pageMargin, 24, "R", d.periodText())
	p.SetY(33)
}

// kindName is how a report names a kind of subject.
func kindName(k ledger.SubjectKind) string {
	if k == ledger.BusinessSubject {
		return "Business"
	}
	return "Consumer"
}

// scoreSection prints the score, its band on the A to E scale and the
// reasons, or why there is no score.
func (d *reportDoc) scoreSection() {
	s := d.r.Score
	if s == nil {
		d.notScored()
		return
	}
	d.section("Score", 34+tableRow*float64(len(s.Reasons)+1))
	p := d.pdf
	top := p.GetY()
	d.font("B", 30, inkTitle)
	d.textAt(pageMargin, top+11, "L", strconv.Itoa(s.Value))
	d.font("", 8.5, inkMuted)
	d.textAt(pageMargin, top+17, "L", "out of 1000, higher is safer")
	d.font("B", 9, inkText)
	d.textAt(pageMargin, top+23, "L", fmt.Sprintf("Band %s, 12-month PD %.1f%%", s.Band, s.PD12m*100))
	d.bandScale(82, top+1, s.Band)
	d.font("", 7, inkMuted)
	d.textAt(pageWidth-pageMargin, top+28, "R", fmt.Sprintf("Model %s, %s variant, confidence %s", s.Model, s.Variant,
		percent(s.Confidence)))
	p.SetY(top + 31)
	rows := make([][]string, 0, len(s.Reasons))
	for _, r := range s.Reasons {
		rows = append(rows, []string{r.Text, strconv.Itoa(r.PointsLost)})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No characteristic cost points.", "0"})
	}
	d.table([]column{{"What cost the most points", 150, "L"}, {"Points lost", 30, "R"}}, rows, nil)
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
		d.textAt(bx+(w-1)/2, y+h+8, "C", bandRanges[i])
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
	text := "No score."
	if r := d.r.NotScoredReason; r != nil && r.Text() != "" {
		text = r.Text()
	}
	d.section("Score", 20)
	p := d.pdf
	top := p.GetY()
	d.font("B", 12, inkTitle)
	d.textAt(pageMargin, top+6, "L", text)
	d.font("", 8.5, inkMuted)
	d.textAt(pageMargin, top+12, "L", "A score needs 90 days of history, 20 transactions in the last year, "+
		"money coming in and data at most 45 days old.")
	d.textAt(pageMargin, top+17, "L", "The figures below are given all the same.")
	p.SetY(top + 20)
}
