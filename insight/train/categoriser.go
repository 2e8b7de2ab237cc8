package train

import (
	"io"

	"openbank/insight/categorise"
)

// tuneWeight is how many synthetic examples one hand-labelled example counts as.
const tuneWeight = 3

// TrainCategoriser trains the categoriser's fallback model on synthetic
// descriptions rendered from the embedded dictionary with seed and, when
// tune is not nil, on its hand-labelled examples (the format of
// insight/categorise/testdata/eval_tune.tsv), and writes the model in the
// format of insight/categorise/data/model.bin.gz. It returns how many examples it trained on.
func TrainCategoriser(w io.Writer, seed int64, tune io.Reader) (int, error) {
	merchants, err := categorise.TrainingMerchants()
	if err != nil {
		return 0, err
	}
	examples := SyntheticExamples(merchants, seed)
	if tune != nil {
		labelled, err := ReadExamples(tune, tuneWeight)
		if err != nil {
			return 0, err
		}
		examples = append(examples, labelled...)
	}
	model, err := TrainModel(examples, seed)
	if err != nil {
		return 0, err
	}
	return len(examples), model.Encode(w)
}
