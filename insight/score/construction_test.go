package score

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"openbank/insight/kpi"
)

// TestCoverMovesWithMoney checks the scaling of balances and flows: more
// money in never lowers a cover, more money out never raises it, whatever
// the sign of the amount.
func TestCoverMovesWithMoney(t *testing.T) {
	for _, x := range []float64{-250000, -1000, 0, 1000, 250000} {
		v := &scoreView{inflow: 200000, outflow: 150000}
		base := v.cover(x)
		richer := &scoreView{inflow: 300000, outflow: 150000}
		spender := &scoreView{inflow: 200000, outflow: 250000}
		if richer.cover(x) < base || richer.cover(x+5000) < base {
			t.Errorf("cover(%v): more money in lowered it from %v", x, base)
		}
		if spender.cover(x) > base || spender.cover(x-5000) > base {
			t.Errorf("cover(%v): more money out raised it from %v", x, base)
		}
	}
}

// TestMonthlyOrderStatisticsOnlyRise checks that money added to any month
// never lowers the lower quartile of monthly money in.
func TestMonthlyOrderStatisticsOnlyRise(t *testing.T) {
	in := []int64{90, 100, 0, 110, 95, 200, 100, 105, 0, 99, 101, 100}
	view := func(add int, amount int64) *scoreView {
		w := &kpi.WindowKPIs{CashFlow: kpi.CashFlowKPIs{Monthly: make([]kpi.MonthFlow, len(in))}}
		for i, x := range in {
			w.CashFlow.Monthly[i].In = x * 1000
		}
		if add >= 0 {
			w.CashFlow.Monthly[add].In += amount
		}
		return &scoreView{w: w, outflow: 100000}
	}
	base := inflowLowMonths(view(-1, 0))
	for k := range in {
		if got := inflowLowMonths(view(k, 150000)); got < base {
			t.Errorf("money added to month %d lowered the lower quartile from %v to %v", k, base, got)
		}
	}
}

// TestReadScorecardsRefusesNonMonotoneModels checks that a model file whose
// weights go against a characteristic's declared direction, with a negative
// coefficient or a calibration that reverses the order, is refused.
func TestReadScorecardsRefusesNonMonotoneModels(t *testing.T) {
	tests := []struct {
		name   string
		change func(m *ScorecardModel)
	}{
		{"weights against the direction", func(m *ScorecardModel) {
			f := &m.Consumer.Characteristics[1] // balanceMin: riskier when lower
			f.WoE[0], f.WoE[len(f.WoE)-1] = f.WoE[len(f.WoE)-1], f.WoE[0]
		}},
		{"negative coefficient", func(m *ScorecardModel) { m.Business.Variants[2].Coefficients[0] = -0.1 }},
		{"calibration slope of zero", func(m *ScorecardModel) { m.Consumer.Variants[0].Calibration.Slope = 0 }},
		{"calibration that falls", func(m *ScorecardModel) {
			c := &m.Business.Variants[0].Calibration
			c.Raw, c.Logit = []float64{-3, -2}, []float64{-2, -2.5}
		}},
	}
	for _, tt := range tests {
		m, err := ReadScorecards(scorecardFile)
		if err != nil {
			t.Fatal(err)
		}
		tt.change(m)
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ReadScorecards(data); err == nil || !strings.Contains(err.Error(), "scorecard model") {
			t.Errorf("%s: got %v, want a refusal", tt.name, err)
		}
	}
}

// TestCalibrationIsStrictlyIncreasing checks the calibration's map through
// its knots and beyond them.
func TestCalibrationIsStrictlyIncreasing(t *testing.T) {
	c := &Calibration{Raw: []float64{-4, -2, 0}, Logit: []float64{-4.5, -2.2, 0.3}, Slope: 0.9}
	tests := []struct{ raw, want float64 }{{-4, -4.5}, {-3, -3.35}, {0, 0.3}, {1, 1.2}, {-5, -5.4}}
	for _, tt := range tests {
		if got := c.Apply(tt.raw); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Apply(%v) = %v, want %v", tt.raw, got, tt.want)
		}
	}
	last := math.Inf(-1)
	for raw := -8.0; raw <= 3; raw += 0.01 {
		if got := c.Apply(raw); got <= last {
			t.Fatalf("Apply(%v) = %v, not above %v", raw, got, last)
		} else {
			last = got
		}
	}
}
