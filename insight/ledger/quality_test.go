package ledger

import (
	"testing"
	"time"
)

func TestUncertain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		category   string
		confidence float64
		want       bool
	}{
		{"gambling", 0.11, true},
		{"gambling", RiskConfidence, false},
		{"fees.returned", 0.5, true},
		{"credit.payday", 1, false},
		{"living.groceries", 0.1, false}, // not a risk category
		{"", 0, false},
	} {
		e := LedgerEntry{Category: tc.category, Confidence: tc.confidence}
		if got := e.Uncertain(); got != tc.want {
			t.Errorf("%s at %.2f: uncertain %v, want %v", tc.category, tc.confidence, got, tc.want)
		}
	}
}

func TestNewest(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }
	l := &Ledger{Entries: []LedgerEntry{{Date: day(4)}, {Date: day(9)}, {Date: day(1)}}}
	if got := l.Newest(); !got.Equal(day(9)) {
		t.Errorf("newest %v, want %v", got, day(9))
	}
	if got := (&Ledger{}).Newest(); !got.IsZero() {
		t.Errorf("newest of an empty ledger %v", got)
	}
}
