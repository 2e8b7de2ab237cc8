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
)

// format prints a value in its unit: 0.125 as "13%", 3.4 as "3", 1.55 as "1.6".
// Percentages round half away from zero, as the report prints the KPIs.
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
	}
	return fmt.Sprintf("%.0f", math.Round(x))
}
