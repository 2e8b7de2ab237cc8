package score

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// scorecardFile is the fitted model shipped with the binary, written by TrainScorecards.
//
//go:embed data/scorecard_model.json
var scorecardFile []byte

// DefaultScorecards returns the embedded model, read once.
func DefaultScorecards() (*ScorecardModel, error) { return defaultScorecards() }

var defaultScorecards = sync.OnceValues(func() (*ScorecardModel, error) {
	return ReadScorecards(scorecardFile)
})

// ReadScorecards parses a model file and checks that it fits the characteristics this code reads.
func ReadScorecards(data []byte) (*ScorecardModel, error) {
	var m ScorecardModel
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("insight: scorecard model: %w", err)
	}
	for _, card := range []*Scorecard{m.Consumer, m.Business} {
		if err := card.check(); err != nil {
			return nil, err
		}
	}
	return &m, nil
}

// check verifies a scorecard against its characteristics and variants.
func (s *Scorecard) check() error {
	if s == nil {
		return fmt.Errorf("insight: scorecard model: a scorecard is missing")
	}
	chars := characteristicsOf(s.Kind)
	if len(s.Characteristics) != len(chars) {
		return fmt.Errorf("insight: scorecard model: %s has %d characteristics, want %d", s.Kind, len(s.Characteristics), len(chars))
	}
	for j, f := range s.Characteristics {
		if f.Code != chars[j].Code || len(f.WoE) != len(f.Cuts)+1 {
			return fmt.Errorf("insight: scorecard model: %s characteristic %d is %q, want %q with one more weight than cuts", s.Kind, j, f.Code, chars[j].Code)
		}
	}
	for _, v := range variants {
		if fit := s.fit(v.Name); fit == nil || len(fit.Coefficients) != len(chars) {
			return fmt.Errorf("insight: scorecard model: %s variant %s is missing or incomplete", s.Kind, v.Name)
		}
		if !monotoneFit(s, v.Name) {
			return fmt.Errorf("insight: scorecard model: %s variant %s has a negative coefficient, a calibration that is not strictly increasing or weights against a characteristic's direction", s.Kind, v.Name)
		}
	}
	return nil
}

// monotoneFit reports whether a variant's score moves with each
// characteristic in its declared direction only: weights of evidence that
// never rise with risk, coefficients of at least zero and a positive
// calibration slope.
func monotoneFit(s *Scorecard, variant string) bool {
	fit := s.fit(variant)
	if !fit.Calibration.increasing() {
		return false
	}
	for j, f := range s.Characteristics {
		if fit.Coefficients[j] < 0 {
			return false
		}
		for k := 1; k < len(f.WoE); k++ {
			if f.WoE[k] != f.WoE[k-1] && (f.WoE[k] > f.WoE[k-1]) == characteristicsOf(s.Kind)[j].HigherRiskier {
				return false
			}
		}
	}
	return true
}
