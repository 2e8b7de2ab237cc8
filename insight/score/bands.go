package score

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// Bands are fixed on the 12-month probability of default: A below 2 %, B
// below 5 %, C below 10 %, D below 20 %, E from 20 %.
var bandLimits = []struct {
	band string
	pd   float64
}{{"A", 0.02}, {"B", 0.05}, {"C", 0.10}, {"D", 0.20}}

// bandOf returns the band of a probability of default.
func bandOf(pd float64) string {
	for _, b := range bandLimits {
		if pd < b.pd {
			return b.band
		}
	}
	return "E"
}

// confidenceOf is how far to trust a score: full with categories, credit
// lines, a year of history, data no older than ledger.StaleAfterDays and no
// uncertain risk entries; less without each. It never rises as the data ages.
func confidenceOf(k *kpi.KPIs, w *kpi.WindowKPIs) float64 {
	c := 1.0
	if !k.Categorised {
		c *= 0.8
	}
	if !k.CreditLine {
		c *= 0.9
	}
	c *= 0.5 + 0.5*min(1, float64(k.HistoryDays)/scoreWindow)
	c *= 1 - 0.5*w.Uncertain.Share
	c *= ageFactor(k.DataAgeDays)
	return math.Round(c*100) / 100
}

// ageFactor is 1 for data up to ledger.StaleAfterDays old, falling in a
// straight line to one half at ledger.UnscorableAfterDays, and one half after.
func ageFactor(days int) float64 {
	late := float64(days-ledger.StaleAfterDays) / float64(ledger.UnscorableAfterDays-ledger.StaleAfterDays)
	return 1 - 0.5*max(0, min(1, late))
}

// withReason puts a reason first, keeping at most reasonCount.
func withReason(reasons []Reason, first Reason) []Reason {
	out := append([]Reason{first}, reasons...)
	return out[:min(reasonCount, len(out))]
}

// reasonCount is how many reasons a score gives.
const reasonCount = 4

// reasonsOf returns the characteristics that cost the most points, largest first.
func reasonsOf(chars []Characteristic, v *scoreView, lost []float64) []Reason {
	order := make([]int, 0, len(chars))
	for j := range chars {
		if lost[j] >= 0.5 {
			order = append(order, j)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return lost[order[a]] > lost[order[b]] })
	out := make([]Reason, 0, reasonCount)
	for _, j := range order[:min(reasonCount, len(order))] {
		c := &chars[j]
		text := fmt.Sprintf(c.Text, c.unit.format(c.read(v)))
		if c.unit == unitIncomeShare && v.w.Income.Total <= 0 {
			text = strings.TrimSuffix(text, ".") + " (no income seen: a share of 100.00 a month)."
		}
		out = append(out, Reason{Code: c.Code, Text: text, PointsLost: int(lost[j] + 0.5)})
	}
	return out
}
