package score

import (
	"fmt"
	"math"
)

// unit says how a characteristic's value reads in a sentence.
type unit int8

// The units of characteristics.
const (
	unitPercent     unit = iota
	unitIncomeShare      // a percentage of the income base (kpi.IncomeBase)
	unitCount
	unitMonths
	unitCover
	unitAmount
)

// format prints a value in its unit: 0.125 as "13%", 3.4 as "3", 1.55 as
// "1.6"; an amount of -12345.6 as "-12,346 in the account's currency"; a
// cover (see scoreView.cover) of 1.55 as "1.6 months of money out" and of
// -0.3 as "-0.3 months of money in". Percentages round half away from zero,
// as the report prints the KPIs.
func (u unit) format(x float64) string {
	switch u {
	case unitPercent, unitIncomeShare:
		v := math.Round(x * 100)
		if v == 0 {
			v = 0 // no "-0%"
		}
		return fmt.Sprintf("%.0f%%", v)
	case unitMonths:
		return fmt.Sprintf("%.1f", x)
	case unitAmount:
		return grouped(math.Round(x)) + " in the account's currency"
	case unitCover:
		if math.Round(x*10) < 0 {
			return fmt.Sprintf("%.1f months of money in", x)
		}
		return fmt.Sprintf("%.1f months of money out", math.Abs(x))
	}
	return fmt.Sprintf("%.0f", math.Round(x))
}

// grouped prints a whole number with a comma between thousands.
func grouped(x float64) string {
	s := fmt.Sprintf("%.0f", math.Abs(x))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if x < 0 {
		return "-" + s
	}
	return s
}
