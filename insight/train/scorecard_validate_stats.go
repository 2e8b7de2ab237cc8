package train

import "math"

// aucOf is the chance that a defaulter has a higher pd than a non-defaulter,
// ties counting a half, over subjects sorted by pd.
func aucOf(order []int, pd []float64, bad []bool, bads int) float64 {
	goods := len(order) - bads
	if bads == 0 || goods == 0 {
		return 0.5
	}
	var pairs float64
	goodsBelow := 0
	for i := 0; i < len(order); {
		j, tieGoods, tieBads := i, 0, 0
		for ; j < len(order) && pd[order[j]] == pd[order[i]]; j++ {
			if bad[order[j]] {
				tieBads++
			} else {
				tieGoods++
			}
		}
		pairs += float64(tieBads) * (float64(goodsBelow) + 0.5*float64(tieGoods))
		goodsBelow += tieGoods
		i = j
	}
	return pairs / float64(bads) / float64(goods)
}

// ksOf is the largest gap between the cumulative shares of goods and bads
// over pd thresholds.
func ksOf(order []int, pd []float64, bad []bool, bads int) float64 {
	goods := len(order) - bads
	if bads == 0 || goods == 0 {
		return 0
	}
	var g, b, ks float64
	for i, k := range order {
		if bad[k] {
			b++
		} else {
			g++
		}
		if i == len(order)-1 || pd[order[i+1]] != pd[k] {
			ks = max(ks, math.Abs(g/float64(goods)-b/float64(bads)))
		}
	}
	return ks
}

// decilesOf splits the sorted subjects into ten groups of nearly equal size.
func decilesOf(order []int, pd []float64, bad []bool) []Decile {
	out := make([]Decile, 0, 10)
	for d := range 10 {
		lo, hi := len(order)*d/10, len(order)*(d+1)/10
		var sum float64
		n := 0
		for _, k := range order[lo:hi] {
			sum += pd[k]
			if bad[k] {
				n++
			}
		}
		size := max(1, hi-lo)
		out = append(out, Decile{Subjects: hi - lo, MeanPD: round4(sum / float64(size)), DefaultRate: round4(float64(n) / float64(size))})
	}
	return out
}

// round4 keeps four decimals.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
