package train

import (
	"bytes"
	"encoding/json"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// Progress hears how far a long step has gone: done of total subjects drawn.
type Progress func(step string, done, total int)

// ScorecardBuild is what a training run produces: the model, its validation
// on the holdout, and the three files they are written as.
type ScorecardBuild struct {
	Model      *score.ScorecardModel
	Validation *Validation
	ModelJSON  []byte // insight/score/data/scorecard_model.json
	Table      []byte // insight/score/data/scorecard_validation.md
	Card       []byte // insight/score/data/scorecard_card.md
}

// BuildScorecards draws the training population, fits both scorecards, reads
// the model back from its file as the server will, and validates it on the
// holdout. The output is the same for the same options; progress may be nil.
func BuildScorecards(opts ScorecardTrainOptions, progress Progress) (*ScorecardBuild, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	pop, err := drawPopulations(opts.Population, "training population", progress)
	if err != nil {
		return nil, err
	}
	out := &ScorecardBuild{}
	if out.ModelJSON, err = encodeScorecards(FitScorecards(pop, opts.Version)); err != nil {
		return nil, err
	}
	if out.Model, err = score.ReadScorecards(out.ModelJSON); err != nil {
		return nil, err
	}
	holdout, err := drawPopulations(HoldoutOf(opts.Population), "holdout population", progress)
	if err != nil {
		return nil, err
	}
	out.Validation = ValidateScorecards(out.Model, holdout)
	out.Validation.Training = segmentRows(nil, pop)
	out.Validation.Refusals = append(refusalRows("training", pop), out.Validation.Refusals...)
	var table, card bytes.Buffer
	if err := out.Validation.WriteMarkdown(&table); err != nil {
		return nil, err
	}
	if err := WriteCard(&card, out.Model); err != nil {
		return nil, err
	}
	out.Table, out.Card = table.Bytes(), card.Bytes()
	return out, nil
}

// encodeScorecards writes a model file: indented JSON and a final newline.
func encodeScorecards(m *score.ScorecardModel) ([]byte, error) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// drawPopulations draws both kinds, telling progress about every tenth of each.
func drawPopulations(o score.PopulationOptions, step string, progress Progress) (*Population, error) {
	p := &Population{Options: o}
	var err error
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		done, name := 0, step+", consumers"
		if kind == ledger.BusinessSubject {
			name = step + ", businesses"
		}
		subjects, drawErr := drawPopulation(kind, o, func() {
			if done++; done == o.Size || done%max(1, o.Size/10) == 0 {
				progress(name, done, o.Size)
			}
		})
		if err = drawErr; err != nil {
			return nil, err
		}
		if kind == ledger.ConsumerSubject {
			p.Consumers = subjects
		} else {
			p.Businesses = subjects
		}
	}
	return p, nil
}
