package main

import (
	"fmt"
	"strings"
	"time"
)

// goal is an operation's performance target; zero fields are not checked.
type goal struct {
	minRatio    float64       // req/s at least this times the reference's
	maxP50Ratio float64       // p50 at most this times the reference's
	maxP99Ratio float64       // p99 at most this times the reference's
	minRPS      float64       // req/s at least this
	maxP50      time.Duration // p50 under this
	maxP99      time.Duration // p99 under this
}

// set reports whether the goal checks anything.
func (g goal) set() bool { return g != goal{} }

// String is the target as printed in the table.
func (g goal) String() string {
	var parts []string
	if g.minRatio > 0 {
		parts = append(parts, fmt.Sprintf("≥%.2f×", g.minRatio))
	}
	if g.maxP50Ratio > 0 {
		parts = append(parts, fmt.Sprintf("p50≤%.1f×", g.maxP50Ratio))
	}
	if g.maxP99Ratio > 0 {
		parts = append(parts, fmt.Sprintf("p99≤%.1f×", g.maxP99Ratio))
	}
	if g.minRPS > 0 {
		parts = append(parts, fmt.Sprintf("≥%.0f/s", g.minRPS))
	}
	if g.maxP50 > 0 {
		parts = append(parts, "p50<"+g.maxP50.String())
	}
	if g.maxP99 > 0 {
		parts = append(parts, "p99<"+g.maxP99.String())
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// ratio compares r with its reference: p50 over p50 or p99 over p99 when
// the goal bounds that, else req/s over req/s.
func (g goal) ratio(r, ref result) float64 {
	switch {
	case g.maxP99Ratio > 0:
		return durationRatio(r.p99, ref.p99)
	case g.maxP50Ratio > 0:
		return durationRatio(r.p50, ref.p50)
	}
	return rpsRatio(r, ref)
}

// rpsRatio is r's req/s over its reference's; 0 without a reference figure.
func rpsRatio(r, ref result) float64 {
	if ref.rps == 0 {
		return 0
	}
	return r.rps / ref.rps
}

// durationRatio is d over its reference's; 0 without a reference figure.
func durationRatio(d, ref time.Duration) float64 {
	if ref == 0 {
		return 0
	}
	return float64(d) / float64(ref)
}

// ratioText is the ratio column: a p50 or p99 ratio is marked as such, and
// follows the req/s ratio when the goal bounds both.
func (g goal) ratioText(r, ref result) string {
	var latency string
	switch {
	case g.maxP99Ratio > 0:
		latency = fmt.Sprintf("p99 %.2f", g.ratio(r, ref))
	case g.maxP50Ratio > 0:
		latency = fmt.Sprintf("p50 %.2f", g.ratio(r, ref))
	default:
		return fmt.Sprintf("%.2f", rpsRatio(r, ref))
	}
	if g.minRatio > 0 {
		return fmt.Sprintf("%.2f %s", rpsRatio(r, ref), latency)
	}
	return latency
}

// verdict is "yes", "NO" or "-" (no target) for the met column.
func (g goal) verdict(r result, ref *result) string {
	if !g.set() {
		return "-"
	}
	if g.met(r, ref) {
		return "yes"
	}
	return "NO"
}

// met checks every part of the goal; a missing reference fails a ratio.
func (g goal) met(r result, ref *result) bool {
	if r.rps == 0 {
		return false
	}
	if (g.minRatio > 0 || g.maxP50Ratio > 0 || g.maxP99Ratio > 0) && ref == nil {
		return false
	}
	switch {
	case g.minRatio > 0 && rpsRatio(r, *ref) < g.minRatio,
		g.maxP50Ratio > 0 && durationRatio(r.p50, ref.p50) > g.maxP50Ratio,
		g.maxP99Ratio > 0 && durationRatio(r.p99, ref.p99) > g.maxP99Ratio,
		g.minRPS > 0 && r.rps < g.minRPS,
		g.maxP50 > 0 && r.p50 >= g.maxP50,
		g.maxP99 > 0 && r.p99 >= g.maxP99:
		return false
	}
	return true
}
