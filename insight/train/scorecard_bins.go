package train

import (
	"math"
	"sort"

	"openbank/insight/score"
)

// Binning limits: the finest cut is a twentieth of the population, a bin holds
// at least a twentieth, and a characteristic has at most eight bins.
const (
	binQuantiles = 20
	binMinShare  = 0.05
	binMax       = 8
)

// binCell is one bin while bins are merged.
type binCell struct {
	upper       float64 // exclusive; +Inf for the last bin
	count, bads int
}

// odds is the smoothed bad:good odds of a bin; WoE falls as it rises.
func (c binCell) odds() float64 { return (float64(c.bads) + 0.5) / (float64(c.count-c.bads) + 0.5) }

// binCharacteristic cuts xs into bins whose bad odds rise strictly in the
// declared direction, merging neighbours until they do, and gives each bin its
// weight of evidence. A characteristic the data do not order that way ends
// as one bin with no weight.
func binCharacteristic(c score.Characteristic, xs []float64, bad []bool) score.BinnedFeature {
	against := func(a, b binCell) bool { return (b.odds() > a.odds()) != c.HigherRiskier || a.odds() == b.odds() }
	cells := mergeWhile(initialCells(xs, bad), against)
	minCount := int(math.Ceil(binMinShare * float64(len(xs))))
	for len(cells) > 1 && smallest(cells) < minCount {
		cells = mergeAt(cells, closestTo(cells, smallestAt(cells)))
	}
	for len(cells) > binMax {
		cells = mergeAt(cells, closestPair(cells))
	}
	// The smoothed odds of two merged bins need not lie between theirs: merge again.
	return weigh(c, mergeWhile(cells, against))
}

// initialCells cuts xs at its quantiles.
func initialCells(xs []float64, bad []bool) []binCell {
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	var cells []binCell
	for q := 1; q < binQuantiles; q++ {
		cut := sorted[len(sorted)*q/binQuantiles]
		if cut > sorted[0] && (len(cells) == 0 || cut > cells[len(cells)-1].upper) {
			cells = append(cells, binCell{upper: cut})
		}
	}
	cells = append(cells, binCell{upper: math.Inf(1)})
	f := score.BinnedFeature{Cuts: make([]float64, len(cells)-1)}
	for i := range f.Cuts {
		f.Cuts[i] = cells[i].upper
	}
	for i, x := range xs {
		k := f.Bin(x)
		cells[k].count++
		if bad[i] {
			cells[k].bads++
		}
	}
	return cells
}

// mergeWhile merges the first adjacent pair that violates until none does.
func mergeWhile(cells []binCell, violates func(a, b binCell) bool) []binCell {
	for i := 0; i+1 < len(cells); {
		if cells[i].count == 0 || cells[i+1].count == 0 || violates(cells[i], cells[i+1]) {
			cells = mergeAt(cells, i)
			i = max(0, i-1)
			continue
		}
		i++
	}
	return cells
}

// mergeAt merges bin i with bin i+1.
func mergeAt(cells []binCell, i int) []binCell {
	cells[i+1].count += cells[i].count
	cells[i+1].bads += cells[i].bads
	return append(cells[:i], cells[i+1:]...)
}
