package train

import "math"

// ridge is the L2 penalty of the regressions, per subject; it keeps
// correlated characteristics from trading wild coefficients.
const ridge = 1e-3

// regressScorecard fits logit(pd) = a - sum(c[j]*x[j]) on the columns that use
// allows, by Newton's method. A characteristic whose coefficient would be
// negative (more evidence of safety raising the pd) is dropped and the rest
// refitted, so that every coefficient is at least zero.
func regressScorecard(x [][]float64, bad []bool, use []bool) (float64, []float64) {
	use = append([]bool(nil), use...)
	for {
		a, c := newtonFit(x, bad, use)
		worst := -1
		for j, v := range c {
			if use[j] && v < 0 && (worst < 0 || v < c[worst]) {
				worst = j
			}
		}
		if worst < 0 {
			return a, c
		}
		use[worst] = false
	}
}

// newtonFit maximises the penalised likelihood over the intercept and the
// used columns; the coefficients returned are c = -w of logit = a + w·x.
func newtonFit(x [][]float64, bad []bool, use []bool) (float64, []float64) {
	cols := []int{}
	for j, u := range use {
		if u {
			cols = append(cols, j)
		}
	}
	theta := make([]float64, len(cols)+1)
	lambda := ridge * float64(len(x))
	for iter := 0; iter < 50; iter++ {
		hess, grad := newtonTerms(x, bad, cols, theta)
		for r := 1; r < len(theta); r++ {
			grad[r] -= lambda * theta[r]
			hess[r][r] += lambda
		}
		change := 0.0
		for r, d := range gaussSolve(hess, grad) {
			theta[r] += d
			change = max(change, math.Abs(d))
		}
		if change < 1e-9 {
			break
		}
	}
	c := make([]float64, len(use))
	for m, j := range cols {
		c[j] = -theta[m+1]
	}
	return theta[0], c
}

// newtonTerms returns the Hessian of the negative log-likelihood and its
// gradient's negative at theta, over the intercept and the columns cols.
func newtonTerms(x [][]float64, bad []bool, cols []int, theta []float64) ([][]float64, []float64) {
	k := len(theta)
	hess, grad, z := make([][]float64, k), make([]float64, k), make([]float64, k)
	for i := range hess {
		hess[i] = make([]float64, k)
	}
	for i, row := range x {
		z[0] = 1
		for m, j := range cols {
			z[m+1] = row[j]
		}
		p := logisticOf(dotOf(theta, z))
		y := 0.0
		if bad[i] {
			y = 1
		}
		for r := range k {
			grad[r] += (y - p) * z[r]
			for s := range k {
				hess[r][s] += p * (1 - p) * z[r] * z[s]
			}
		}
	}
	return hess, grad
}

// logisticOf is 1/(1+e^-z).
func logisticOf(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// dotOf is the dot product of two vectors of the same length.
func dotOf(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// gaussSolve solves a·x = b by elimination with partial pivoting; a and b are overwritten.
func gaussSolve(a [][]float64, b []float64) []float64 {
	n := len(b)
	for col := range n {
		p := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		a[col], a[p], b[col], b[p] = a[p], a[col], b[p], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for s := col; s < n; s++ {
				a[r][s] -= f * a[col][s]
			}
			b[r] -= f * b[col]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < n; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	return x
}
