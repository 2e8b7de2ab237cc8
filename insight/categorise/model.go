package categorise

import (
	"math"

	"openbank/insight/ledger"
)

// Model is a multinomial naive Bayes classifier over hashed features, the fallback for
// payees neither the dictionary nor the rules know. Classes have a uniform prior; only the
// (bucket, class) pairs seen in training are stored.
type Model struct {
	totals      [ledger.CategoryCount]float64 // feature count of each class
	norm        [ledger.CategoryCount]float64 // log of the class's feature total plus smoothing
	logAlpha    float64
	temperature float64                        // divides log scores before the softmax, for calibrated probabilities
	offsets     []uint32                       // per bucket, where its entries start; len modelBuckets+1
	entries     []modelEntry                   // sorted by bucket
	counts      [][ledger.CategoryCount]uint32 // training only: counts per bucket, nil once frozen
	calib       [langGroups][]CalibrationStep  // maps tempered probabilities to the share found right, by language group
}

// CalibrationStep maps the model's tempered probabilities up to Upto to Value: the share of
// the model's answers at those probabilities that were right on hand-labelled lines it was
// not trained on.
type CalibrationStep struct {
	Upto, Value float64
}

// The language groups the model is calibrated for: lines in English or of unknown language,
// and lines in a continental language.
const (
	groupEnglish = iota
	groupContinental
	langGroups
)

// langGroup is the calibration group of a line's language.
func langGroup(l lang) int {
	if l > langEN {
		return groupContinental
	}
	return groupEnglish
}

// maxModelConfidence bounds the model's confidence: no guess from letters is certain.
const maxModelConfidence = 0.97

// calibrated is the confidence of an answer the model gave with tempered probability prob
// for a line of language l.
func (m *Model) calibrated(prob float64, l lang) float64 {
	steps := m.calib[langGroup(l)]
	for _, s := range steps {
		if prob <= s.Upto {
			return min(s.Value, maxModelConfidence)
		}
	}
	if len(steps) > 0 {
		return min(steps[len(steps)-1].Value, maxModelConfidence)
	}
	return min(prob, maxModelConfidence)
}

// modelEntry is one class's weight for a bucket: log(count+alpha) - log(alpha).
type modelEntry struct {
	class  uint8
	count  uint32
	weight float32
}

// modelAlpha is the additive smoothing of feature counts.
const modelAlpha = 0.1

// predict returns the most probable class allowed for the transaction's direction and its
// probability, or -1.
func (m *Model) predict(in *input) (int, float64) {
	var f features
	f.read(&in.p, in.channel, in.tx.Amount)
	var score [ledger.CategoryCount]float64
	for c := range score {
		score[c] = float64(f.n) * (m.logAlpha - m.norm[c])
	}
	for _, b := range f.h[:f.n] {
		for _, e := range m.entries[m.offsets[b]:m.offsets[b+1]] {
			score[e.class] += float64(e.weight)
		}
	}
	return m.best(&score, in.in)
}

// best applies the direction mask and a tempered softmax.
func (m *Model) best(score *[ledger.CategoryCount]float64, in bool) (int, float64) {
	top, topScore := -1, math.Inf(-1)
	for c, s := range score {
		allowed := in && inflowClass(c) || !in && outflowClass(c)
		if !allowed {
			score[c] = math.Inf(-1)
			continue
		}
		if s > topScore {
			top, topScore = c, s
		}
	}
	if top < 0 {
		return -1, 0
	}
	sum := 0.0
	for _, s := range score {
		if !math.IsInf(s, -1) {
			sum += math.Exp((s - topScore) / m.temperature)
		}
	}
	return top, 1 / sum
}
