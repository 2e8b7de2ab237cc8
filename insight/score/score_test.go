package score

import (
	"math"
	"testing"
	"time"

	"openbank/insight/ledger"
)

// scoreNow is about 24 months after the mock banks' histories open.
var scoreNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

func TestBands(t *testing.T) {
	for pd, want := range map[float64]string{0.001: "A", 0.02: "B", 0.049: "B", 0.07: "C", 0.15: "D", 0.2: "E", 0.9: "E"} {
		if got := bandOf(pd); got != want {
			t.Errorf("band of %.3f is %s, want %s", pd, got, want)
		}
	}
}

func TestEmbeddedModelLoads(t *testing.T) {
	m, err := DefaultScorecards()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ScoreLedger(&ledger.Ledger{Kind: ledger.ConsumerSubject}, scoreNow); err != ErrNoHistory {
		t.Errorf("empty ledger: got %v, want ErrNoHistory", err)
	}
	if m.points(-math.Log(m.BaseOdds)) != int(m.BaseScore) {
		t.Errorf("base odds score %d points, want %v", m.points(-math.Log(m.BaseOdds)), m.BaseScore)
	}
}
