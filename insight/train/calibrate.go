package train

import (
	"sort"

	"openbank/insight/categorise"
)

// calibrationFolds is how many parts the hand-labelled examples are cut into to calibrate
// the model on answers it was not trained for.
const calibrationFolds = 5

// minCalibrationStep is the fewest answers one step of the calibration stands on.
const minCalibrationStep = 12

// calibrationRecord is one answer of the model on a held-back labelled example.
type calibrationRecord struct {
	prob  float64
	right bool
}

// CalibrateModel maps the model's probabilities to how often it is right on lines like
// those the categoriser asks it about: each fifth of the labelled examples is read by a
// model trained on the synthetic examples and the other four fifths, on every line whose
// payee the dictionary does not know by name; its answers are grouped by the line's
// language (English or unknown, continental) and fitted with an isotonic step function.
func CalibrateModel(synthetic, labelled []Example, seed int64) (english, continental []categorise.CalibrationStep, err error) {
	dict, err := categorise.EmbeddedDictionary()
	if err != nil {
		return nil, nil, err
	}
	var records [2][]calibrationRecord
	for fold := range calibrationFolds {
		examples := append([]Example(nil), synthetic...)
		for i := range labelled {
			if i%calibrationFolds != fold {
				examples = append(examples, labelled[i])
			}
		}
		model, err := TrainModel(examples, seed)
		if err != nil {
			return nil, nil, err
		}
		c := categorise.New(dict, model)
		for i := fold; i < len(labelled); i += calibrationFolds {
			e := &labelled[i]
			tx := categorise.Transaction{Description: e.Description, Amount: e.Amount, Method: e.Method}
			if c.Categorise(tx, nil).Merchant != "" {
				continue
			}
			code, prob := model.Predict(tx)
			g := 0
			if lang := categorise.Normalise(e.Description).Lang; lang != "" && lang != "en" {
				g = 1
			}
			records[g] = append(records[g], calibrationRecord{prob: prob, right: code == e.Category})
		}
	}
	return isotonicSteps(records[0]), isotonicSteps(records[1]), nil
}

// isotonicSteps fits a non-decreasing step function from probability to the share right by
// pooling adjacent violators, with at least minCalibrationStep answers a step; each step's
// value is the share right with one right and one wrong answer added (Laplace), so that a
// step of answers all right does not claim certainty.
func isotonicSteps(records []calibrationRecord) []categorise.CalibrationStep {
	if len(records) == 0 {
		return nil
	}
	sort.SliceStable(records, func(i, j int) bool { return records[i].prob < records[j].prob })
	type block struct {
		upto     float64
		n, right int
	}
	var blocks []block
	for _, r := range records {
		b := block{upto: r.prob, n: 1}
		if r.right {
			b.right = 1
		}
		blocks = append(blocks, b)
		for len(blocks) > 1 {
			last, prev := blocks[len(blocks)-1], blocks[len(blocks)-2]
			small := prev.n < minCalibrationStep
			if !small && float64(prev.right)/float64(prev.n) < float64(last.right)/float64(last.n) {
				break
			}
			blocks = append(blocks[:len(blocks)-2], block{upto: last.upto, n: prev.n + last.n, right: prev.right + last.right})
		}
	}
	if n := len(blocks); n > 1 && blocks[n-1].n < minCalibrationStep {
		blocks = append(blocks[:n-2], block{upto: blocks[n-1].upto, n: blocks[n-2].n + blocks[n-1].n,
			right: blocks[n-2].right + blocks[n-1].right})
	}
	steps := make([]categorise.CalibrationStep, len(blocks))
	for i, b := range blocks {
		steps[i] = categorise.CalibrationStep{Upto: b.upto, Value: float64(b.right+1) / float64(b.n+2)}
	}
	steps[len(steps)-1].Upto = 1
	return steps
}
