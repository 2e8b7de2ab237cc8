package categorise

// confusion counts (true, predicted) pairs.
type confusion struct {
	n, right int
	tp, fp   map[string]int
	fn       map[string]int
}

// add records one prediction.
func (c *confusion) add(want, got string) {
	if c.tp == nil {
		c.tp, c.fp, c.fn = map[string]int{}, map[string]int{}, map[string]int{}
	}
	c.n++
	if want == got {
		c.right++
		c.tp[want]++
		return
	}
	c.fp[got]++
	c.fn[want]++
}

// accuracy is the share of exact codes.
func (c *confusion) accuracy() float64 {
	if c.n == 0 {
		return 0
	}
	return float64(c.right) / float64(c.n)
}

// macroF1 averages F1 over the codes that occur as truth.
func (c *confusion) macroF1() float64 {
	classes := map[string]bool{}
	for k := range c.tp {
		classes[k] = true
	}
	for k := range c.fn {
		classes[k] = true
	}
	sum := 0.0
	for k := range classes {
		tp, fp, fn := float64(c.tp[k]), float64(c.fp[k]), float64(c.fn[k])
		if tp > 0 {
			sum += 2 * tp / (2*tp + fp + fn)
		}
	}
	if len(classes) == 0 {
		return 0
	}
	return sum / float64(len(classes))
}
