package aggregation

import (
	"testing"
	"time"
)

func TestRetryScheduleBacksOffAndCaps(t *testing.T) {
	r := DefaultRetrySchedule
	tests := []struct {
		failures int
		want     time.Duration
	}{{1, 2 * time.Second}, {2, 4 * time.Second}, {5, 32 * time.Second}, {11, 2048 * time.Second}, {12, time.Hour}, {500, time.Hour}}
	for _, tt := range tests {
		if got := r.after(tt.failures); got != tt.want {
			t.Errorf("after %d failures: %v, want %v", tt.failures, got, tt.want)
		}
	}
	// The probe, a worker's poll and a delivery fit in the promised minute.
	if r.Probe+15*time.Second > time.Minute {
		t.Errorf("probe %v leaves too little of the minute", r.Probe)
	}
}
