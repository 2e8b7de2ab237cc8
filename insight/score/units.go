package score

import (
	"fmt"
	"math"
)

// unit says how a characteristic's value reads in a sentence.
type unit int8

// The units of characteristics.
const (
	unitPercent unit = iota
	unitCount
	unitMonths
)

// format prints a value in its unit: 0.125 as "13%", 3.4 as "3", 1.55 as "1.6".
func (u unit) format(x float64) string {
	switch u {
	case unitPercent:
		return fmt.Sprintf("%.0f%%", x*100)
	case unitMonths:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.0f", math.Round(x))
}
