package score

import "testing"

// TestUnitFormat prints values as the report prints the KPIs: percentages
// round half away from zero and never read "-0%".
func TestUnitFormat(t *testing.T) {
	for _, tt := range []struct {
		u    unit
		x    float64
		want string
	}{
		{unitPercent, 0.125, "13%"}, {unitIncomeShare, 0.185, "19%"}, {unitPercent, -0.001, "0%"},
		{unitIncomeShare, 2.17, "217%"}, {unitCount, 3.5, "4"}, {unitMonths, 1.55, "1.6"},
		{unitCover, 1.55, "1.6 months of money out"}, {unitCover, -0.3, "-0.3 months of money in"},
		{unitCover, -0.01, "0.0 months of money out"},
		{unitAmount, -12345.6, "-12,346 in the account's currency"}, {unitAmount, 999, "999 in the account's currency"},
		{unitAmount, 1234567, "1,234,567 in the account's currency"},
	} {
		if got := tt.u.format(tt.x); got != tt.want {
			t.Errorf("format(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}
