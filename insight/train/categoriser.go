package train

import (
	"io"

	"openbank/insight/categorise"
)

// tuneWeight is how many synthetic examples one hand-labelled example counts as.
const tuneWeight = 3

// TrainCategoriser trains the categoriser's fallback model on synthetic
// descriptions rendered from the embedded dictionary with seed and on the
// hand-labelled examples of tunes (each in the format of
// insight/categorise/testdata/eval_tune.tsv), calibrates its confidences on
// those examples held back in turn (CalibrateModel), and writes the model in the
// format of insight/categorise/data/model.bin.gz. It returns how many examples it trained on.
func TrainCategoriser(w io.Writer, seed int64, tunes ...io.Reader) (int, error) {
	merchants, err := categorise.TrainingMerchants()
	if err != nil {
		return 0, err
	}
	synthetic := SyntheticExamples(merchants, seed)
	var labelled []Example
	for _, tune := range tunes {
		l, err := ReadExamples(tune, tuneWeight)
		if err != nil {
			return 0, err
		}
		labelled = append(labelled, l...)
	}
	english, continental, err := CalibrateModel(synthetic, labelled, seed)
	if err != nil {
		return 0, err
	}
	examples := append(synthetic, labelled...)
	model, err := TrainModel(examples, seed)
	if err != nil {
		return 0, err
	}
	return len(examples), model.WithCalibration(english, continental).Encode(w)
}
