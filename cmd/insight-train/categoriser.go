package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"openbank/insight/train"
)

// categoriserFlags is `insight-train categoriser`: trains the categoriser's
// fallback model on synthetic descriptions rendered from the merchant
// dictionary and the hand-labelled tuning set, never the held-out one, and
// writes it where the binary embeds it from.
func categoriserFlags(fs *flag.FlagSet) func(stdout io.Writer) error {
	out := fs.String("out", "insight/categorise/data/model.bin.gz", "where to write the model")
	seed := fs.Int64("seed", 1, "seed of the synthetic examples and the calibration split")
	tune := fs.String("tune", "insight/categorise/testdata/eval_tune.tsv", "hand-labelled examples to add, or empty for none")
	return func(stdout io.Writer) error {
		var labelled io.Reader
		if *tune != "" {
			f, err := os.Open(*tune) //nolint:gosec // G703: the operator names the file on the command line
			if err != nil {
				return err
			}
			defer f.Close()
			labelled = f
		}
		var buf bytes.Buffer
		n, err := train.TrainCategoriser(&buf, *seed, labelled)
		if err != nil {
			return err
		}
		if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil { //nolint:gosec // G306: a model file of the source tree, read by the build
			return err
		}
		_, err = fmt.Fprintf(stdout, "trained on %d examples; wrote %s (%d bytes)\n", n, *out, buf.Len())
		return err
	}
}
