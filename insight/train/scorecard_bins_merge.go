package train

import (
	"math"

	"openbank/insight/score"
)

// smallestAt returns the index of the bin with the fewest subjects.
func smallestAt(cells []binCell) int {
	k := 0
	for i, c := range cells {
		if c.count < cells[k].count {
			k = i
		}
	}
	return k
}

// smallest returns the fewest subjects in a bin.
func smallest(cells []binCell) int { return cells[smallestAt(cells)].count }

// closestTo returns the pair index (i merges i and i+1) joining bin k to the
// neighbour whose odds are closest.
func closestTo(cells []binCell, k int) int {
	switch {
	case k == 0:
		return 0
	case k == len(cells)-1:
		return k - 1
	case math.Abs(cells[k].odds()-cells[k-1].odds()) < math.Abs(cells[k].odds()-cells[k+1].odds()):
		return k - 1
	}
	return k
}

// closestPair returns the adjacent pair whose log odds differ least.
func closestPair(cells []binCell) int {
	best, k := math.Inf(1), 0
	for i := 0; i+1 < len(cells); i++ {
		if d := math.Abs(math.Log(cells[i].odds() / cells[i+1].odds())); d < best {
			best, k = d, i
		}
	}
	return k
}

// weigh turns merged bins into a binned feature with weights of evidence.
func weigh(c score.Characteristic, cells []binCell) score.BinnedFeature {
	f := score.BinnedFeature{Code: c.Code, Needs: string(c.Needs), Cuts: []float64{}}
	var goods, bads float64
	for _, cell := range cells {
		goods += float64(cell.count - cell.bads)
		bads += float64(cell.bads)
	}
	for i, cell := range cells {
		if i < len(cells)-1 {
			f.Cuts = append(f.Cuts, roundCut(cell.upper))
		}
		g := (float64(cell.count-cell.bads) + 0.5) / (goods + 0.5*float64(len(cells)))
		b := (float64(cell.bads) + 0.5) / (bads + 0.5*float64(len(cells)))
		w := 0.0
		if len(cells) > 1 {
			w = math.Round(math.Log(g/b)*1e4) / 1e4
		}
		f.WoE = append(f.WoE, w)
		f.Count = append(f.Count, cell.count)
		f.Bads = append(f.Bads, cell.bads)
	}
	return f
}

// roundCut keeps six significant digits of a cut, so the model file stays readable.
func roundCut(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) {
		return x
	}
	scale := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*scale) / scale
}
