package report

import (
	"slices"
	"testing"
)

func TestNiceScale(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 0, []float64{0, 2500, 5000, 7500, 10000}},                       // flat: at least 100 whole units
		{1000, 1000, []float64{0, 2500, 5000, 7500, 10000}},                 // zero is on the axis
		{-5000, 20000, []float64{-10000, 0, 10000, 20000}},                  // crosses zero
		{123456, 987654, []float64{0, 250000, 500000, 750000, 1000000}},     // round steps
		{500000, 600000, []float64{0, 200000, 400000, 600000}},              // far from zero: zero still shown
		{-312000, -15000, []float64{-400000, -300000, -200000, -100000, 0}}, // all below zero
		{-5000, -1000, []float64{-10000, -7500, -5000, -2500, 0}},           // flat below zero grows downwards
	}
	for _, tt := range tests {
		if got := NiceScale(tt.lo, tt.hi); !slices.Equal(got, tt.want) {
			t.Errorf("NiceScale(%v, %v) = %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
}
