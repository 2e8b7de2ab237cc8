package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

// Example is one labelled transaction to train the model on.
type Example struct {
	Description string
	Amount      int64  // minor units, negative for money out
	Method      string // the bank's payment method, when known
	Category    string // a taxonomy code
	Weight      int    // how many times it counts; 0 counts once
}

// ErrNoExamples is returned by TrainModel without usable examples.
var ErrNoExamples = errors.New("insight: no training examples")

// TrainModel trains the fallback model. A tenth of the examples, drawn with seed, fits
// the temperature that calibrates its probabilities; then every example is counted.
func TrainModel(examples []Example, seed int64) (*categorise.Model, error) {
	for _, e := range examples {
		if !ledger.Valid(e.Category) {
			return nil, fmt.Errorf("insight: example %q: unknown category %q", e.Description, e.Category)
		}
	}
	if len(examples) == 0 {
		return nil, ErrNoExamples
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	order := rng.Perm(len(examples))
	cut := len(examples) / 10
	fit, err := countExamples(examples, order[cut:])
	if err != nil {
		return nil, err
	}
	temperature := fitTemperature(fit, examples, order[:cut])
	m, err := countExamples(examples, order)
	if err != nil {
		return nil, err
	}
	return m.WithTemperature(temperature), nil
}

// countExamples builds a model from the examples at the given positions.
func countExamples(examples []Example, idx []int) (*categorise.Model, error) {
	b := categorise.NewModelBuilder()
	for _, i := range idx {
		e := &examples[i]
		tx := categorise.Transaction{Description: e.Description, Amount: e.Amount, Method: e.Method}
		if err := b.Add(tx, e.Category, uint32(max(e.Weight, 1))); err != nil {
			return nil, err
		}
	}
	return b.Model(), nil
}

// fitTemperature picks the temperature with the least log loss on held-back examples.
func fitTemperature(m *categorise.Model, examples []Example, idx []int) float64 {
	best, bestLoss := 1.0, math.Inf(1)
	for _, t := range [...]float64{1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32} {
		tempered := m.WithTemperature(t)
		loss := 0.0
		for _, i := range idx {
			loss -= math.Log(max(probabilityOf(tempered, &examples[i]), 1e-9))
		}
		if loss < bestLoss {
			best, bestLoss = t, loss
		}
	}
	return best
}

// probabilityOf returns the probability a model gives an example's own category.
func probabilityOf(m *categorise.Model, e *Example) float64 {
	code, prob := m.Predict(categorise.Transaction{Description: e.Description, Amount: e.Amount, Method: e.Method})
	if code == e.Category {
		return prob
	}
	return (1 - prob) / float64(ledger.CategoryCount)
}
