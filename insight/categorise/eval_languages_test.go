package categorise

import (
	"fmt"
	"math"
	"testing"
)

// evalSet is a hand-labelled evaluation set of one language, split into tune and holdout
// halves (testdata/eval_<file>_{tune,holdout}.tsv; the UK's are eval_{tune,holdout}.tsv).
type evalSet struct {
	file       string  // the files' language part, "" for the UK's
	name       string  // what the report calls it
	floor      float64 // the held-out accuracy it must reach; 0 for a set only reported
	calibrated bool    // its confidence bands are checked
}

// evalSets are the evaluation sets, in the report's order.
var evalSets = []evalSet{
	{"fr", "French", 0.90, true},
	{"de", "German", 0.90, true},
	{"es", "Spanish", 0.90, true},
	{"it", "Italian", 0.90, true},
	{"nl", "Dutch and Belgian", 0.90, true},
	{"", "British", holdoutAccuracyFloor, true},
	{"en_extra", "Hard English (UK and Irish)", 0, false},
}

// path is the file of one half of the set.
func (s evalSet) path(half string) string {
	if s.file == "" {
		return "testdata/eval_" + half + ".tsv"
	}
	return "testdata/eval_" + s.file + "_" + half + ".tsv"
}

// calibrationTolerance is how far, in share of rows, a confidence band's share of right
// answers may be from its mean confidence.
const calibrationTolerance = 0.05

// minBandRows is the fewest rows a confidence band needs for its calibration to be checked.
const minBandRows = 20

// band is the rows of an evaluation half whose confidence falls in [lo, lo+0.1).
type band struct {
	lo      float64
	rows    int
	confSum float64
	right   int
}

// bands categorises rows one by one and sorts them into the ten confidence bands.
func bands(t testing.TB, rows []evalRow) [10]band {
	c := categoriser(t)
	var out [10]band
	for i := range out {
		out[i].lo = float64(i) / 10
	}
	for _, r := range rows {
		got := c.Categorise(Transaction{Description: r.desc, Amount: r.amount}, nil)
		b := &out[min(int(got.Confidence*10), 9)]
		b.rows++
		b.confSum += got.Confidence
		if got.Category == r.want {
			b.right++
		}
	}
	return out
}

// meanConfidence and share are the band's mean confidence and its share of right answers.
func (b *band) meanConfidence() float64 { return b.confSum / float64(b.rows) }
func (b *band) share() float64          { return float64(b.right) / float64(b.rows) }

// checked reports whether the band has the rows to be checked, and then whether it is calibrated.
func (b *band) checked() (checked, calibrated bool) {
	if b.rows < minBandRows {
		return false, false
	}
	return true, math.Abs(b.share()-b.meanConfidence()) <= calibrationTolerance
}

func TestEvalLanguages(t *testing.T) {
	for _, s := range evalSets {
		tune, _, _ := evaluate(t, readEval(t, s.path("tune")))
		holdout, f1, _ := evaluate(t, readEval(t, s.path("holdout")))
		t.Logf("%s: tune %.3f, held out %.3f (macro-F1 %.3f)", s.name, tune, holdout, f1)
		if holdout < s.floor {
			t.Errorf("%s: held-out accuracy %.4f fell below %.2f", s.name, holdout, s.floor)
		}
		if !s.calibrated {
			continue
		}
		for _, b := range bands(t, readEval(t, s.path("holdout"))) {
			if checked, ok := b.checked(); checked && !ok {
				t.Errorf("%s: confidence %.1f–%.1f: %d rows, mean confidence %.3f but %.3f right", s.name, b.lo, b.lo+0.1,
					b.rows, b.meanConfidence(), b.share())
			}
		}
	}
}

// bandLabel names a band as the report does.
func bandLabel(lo float64) string { return fmt.Sprintf("%.1f–%.1f", lo, lo+0.1) }
