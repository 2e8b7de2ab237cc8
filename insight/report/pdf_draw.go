package report

// ink is an RGB colour of the report.
type ink struct{ r, g, b int }

// The report's colours.
var (
	inkText     = ink{34, 34, 34}
	inkMuted    = ink{110, 110, 110}
	inkTitle    = ink{31, 58, 95}
	inkRule     = ink{200, 200, 200}
	inkGrid     = ink{228, 228, 228}
	inkHeadFill = ink{235, 239, 244}
	inkStripe   = ink{247, 248, 250}
	inkLine     = ink{31, 119, 180}
	inkIn       = ink{42, 157, 143}
	inkOut      = ink{231, 111, 81}
	inkBar      = ink{84, 122, 165}
	inkAlert    = ink{200, 50, 50}
	inkOK       = ink{46, 140, 70}
	inkWhite    = ink{255, 255, 255}
)

// font sets Helvetica in a style ("", "B") and size, and the text colour.
func (d *reportDoc) font(style string, size float64, c ink) {
	d.pdf.SetFont("Helvetica", style, size)
	d.pdf.SetTextColor(c.r, c.g, c.b)
}

// stroke sets the colour and width of lines.
func (d *reportDoc) stroke(c ink, width float64) {
	d.pdf.SetDrawColor(c.r, c.g, c.b)
	d.pdf.SetLineWidth(width)
}

// fill sets the colour shapes are filled with.
func (d *reportDoc) fill(c ink) { d.pdf.SetFillColor(c.r, c.g, c.b) }

// section starts a section titled by the catalogue message key, on a new page unless need millimetres fit
// below the title on this one.
func (d *reportDoc) section(key string, need float64) {
	p := d.pdf
	if p.GetY()+10+need > pageHeight-footerSpace {
		p.AddPage()
	}
	p.Ln(4)
	d.font("B", 11.5, inkTitle)
	p.CellFormat(contentWidth, 6, d.tr(d.p.Text(key)), "", 1, "L", false, 0, "")
	d.stroke(inkTitle, 0.4)
	p.Line(pageMargin, p.GetY(), pageWidth-pageMargin, p.GetY())
	p.Ln(2.5)
}

// note prints a line of small grey text under a section title.
func (d *reportDoc) note(text string) {
	d.font("", 7.5, inkMuted)
	d.pdf.CellFormat(contentWidth, 4, d.tr(text), "", 1, "L", false, 0, "")
}

// fit shortens text with an ellipsis until it fits a width in the current font.
func (d *reportDoc) fit(text string, width float64) string {
	if d.pdf.GetStringWidth(d.tr(text)) <= width {
		return text
	}
	runes := []rune(text)
	for len(runes) > 0 && d.pdf.GetStringWidth(d.tr(string(runes)+"…")) > width {
		runes = runes[:len(runes)-1]
	}
	return string(runes) + "…"
}

// textAt prints text with its anchor at x: "L" starts there, "R" ends there, "C" centres on it.
func (d *reportDoc) textAt(x, y float64, align, text string) {
	s := d.tr(text)
	w := d.pdf.GetStringWidth(s)
	switch align {
	case "R":
		x -= w
	case "C":
		x -= w / 2
	}
	d.pdf.Text(x, y, s)
}
