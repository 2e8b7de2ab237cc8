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
	} {
		if got := tt.u.format(tt.x); got != tt.want {
			t.Errorf("format(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}
