package categorise

import (
	"fmt"
	"math"

	"openbank/insight/ledger"
)

// newModel returns an empty model ready to count.
func newModel(temperature float64) *Model {
	return &Model{temperature: temperature, counts: make([][ledger.CategoryCount]uint32, modelBuckets)}
}

// count adds one example's features to a class, weight times.
func (m *Model) count(f *features, class int, weight uint32) {
	for _, b := range f.h[:f.n] {
		m.counts[b][class] += weight
		m.totals[class] += float64(weight)
	}
}

// finish turns counts into the sparse weight table predictions read, and drops the counts.
func (m *Model) finish() {
	m.logAlpha = math.Log(modelAlpha)
	for c := range ledger.CategoryCount {
		m.norm[c] = math.Log(m.totals[c] + modelAlpha*modelBuckets)
	}
	m.offsets = make([]uint32, modelBuckets+1)
	m.entries = m.entries[:0]
	for b := range modelBuckets {
		m.offsets[b] = uint32(len(m.entries))
		for c, n := range m.counts[b] {
			if n > 0 {
				w := math.Log(float64(n)+modelAlpha) - m.logAlpha
				m.entries = append(m.entries, modelEntry{class: uint8(c), count: n, weight: float32(w)})
			}
		}
	}
	m.offsets[modelBuckets] = uint32(len(m.entries))
	m.counts = nil
}

// ModelBuilder counts labelled transactions into a new model. It is the hook
// the offline training (insight/train) builds data/model.bin.gz with; the
// server only decodes the embedded model.
type ModelBuilder struct {
	m  *Model
	in input
	f  features
}

// NewModelBuilder returns a builder of an empty model.
func NewModelBuilder() *ModelBuilder { return &ModelBuilder{m: newModel(1)} }

// Add counts the features of a transaction, read without a subject, for a
// taxonomy code, weight times.
func (b *ModelBuilder) Add(tx Transaction, category string, weight uint32) error {
	class := ledger.CategoryIndex(category)
	if class < 0 {
		return fmt.Errorf("insight: unknown category %q", category)
	}
	b.in.read(&tx, nil, nil)
	b.f.read(&b.in.p, b.in.channel, tx.Amount)
	b.m.count(&b.f, class, weight)
	return nil
}

// Model freezes the counts into a model of temperature 1; the builder is spent.
func (b *ModelBuilder) Model() *Model {
	b.m.finish()
	return b.m
}

// WithCalibration returns a copy of m, sharing its weights, whose answers'
// confidences are mapped by the steps given for English lines (or lines of unknown
// language) and for continental ones.
func (m *Model) WithCalibration(english, continental []CalibrationStep) *Model {
	c := *m
	c.calib = [langGroups][]CalibrationStep{english, continental}
	return &c
}

// Calibration returns the steps of m's calibration for English lines and for continental ones.
func (m *Model) Calibration() (english, continental []CalibrationStep) {
	return m.calib[groupEnglish], m.calib[groupContinental]
}

// WithTemperature returns a copy of m, sharing its weights, whose
// probabilities are tempered by t.
func (m *Model) WithTemperature(t float64) *Model {
	c := *m
	c.temperature = t
	return &c
}

// Predict returns the most probable code for a transaction read without a
// subject, within the codes its direction allows, and its tempered probability
// (before calibration); "" when none is allowed.
func (m *Model) Predict(tx Transaction) (string, float64) {
	var in input
	in.read(&tx, nil, nil)
	class, prob := m.predict(&in)
	if class < 0 {
		return "", prob
	}
	return ledger.CategoryAt(class), prob
}
