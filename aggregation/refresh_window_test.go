package aggregation

import (
	"testing"
	"time"
)

func TestSpread(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	none := func(int64) int64 { return 0 }
	last := func(k int64) int64 { return k - 1 }
	half := func(k int64) int64 { return k / 2 }
	tests := []struct {
		name   string
		n      int
		window time.Duration
		jitter func(int64) int64
		want   []time.Duration // offsets from now
	}{
		{"no window: all now", 3, 0, last, []time.Duration{0, 0, 0}},
		{"none due", 0, time.Hour, last, []time.Duration{}},
		{"one due: anywhere in the window", 1, time.Hour, half, []time.Duration{30 * time.Minute}},
		{"slot starts without jitter", 4, time.Hour, none, []time.Duration{0, 15 * time.Minute, 30 * time.Minute, 45 * time.Minute}},
		{"jitter stays in its slot", 2, 6 * time.Hour, last, []time.Duration{3*time.Hour - 1, 6*time.Hour - 1}},
		{"more fetches than nanoseconds: all now", 3, 2, last, []time.Duration{0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := spread(now, tt.n, tt.window, tt.jitter)
			if len(got) != len(tt.want) {
				t.Fatalf("%d times, want %d", len(got), len(tt.want))
			}
			for i := range got {
				if off := got[i].Sub(now); off != tt.want[i] {
					t.Errorf("fetch %d at +%s, want +%s", i, off, tt.want[i])
				}
			}
		})
	}
}
