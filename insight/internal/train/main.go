// Command train trains the categoriser's fallback model on synthetic descriptions rendered
// from the merchant dictionary and on the tuning half of the evaluation set, and writes it
// to insight/data/model.bin.gz.
//
//	go run ./insight/internal/train [-seed 1] [-tune insight/testdata/eval_tune.tsv] [-out insight/data/model.bin.gz]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"openbank/insight"
)

func main() {
	seed := flag.Int64("seed", 1, "seed of the synthetic examples and the calibration split")
	tune := flag.String("tune", "insight/testdata/eval_tune.tsv", "labelled examples to add, or empty")
	out := flag.String("out", "insight/data/model.bin.gz", "where to write the model")
	flag.Parse()
	if err := run(*seed, *tune, *out); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// run trains and writes the model.
func run(seed int64, tune, out string) error {
	dict, err := insight.EmbeddedDictionary()
	if err != nil {
		return err
	}
	examples := insight.SyntheticExamples(dict, seed)
	if tune != "" {
		f, err := os.Open(tune)
		if err != nil {
			return err
		}
		labelled, err := insight.ReadExamples(f, 3)
		f.Close()
		if err != nil {
			return err
		}
		examples = append(examples, labelled...)
	}
	model, err := insight.TrainModel(examples, seed)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := model.Encode(&buf); err != nil {
		return err
	}
	fmt.Printf("trained on %d examples, %d bytes\n", len(examples), buf.Len())
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
