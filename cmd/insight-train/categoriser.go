package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"openbank/insight/train"
)

// categoriserFlags is `insight-train categoriser`: trains the categoriser's
// fallback model on synthetic descriptions rendered from the merchant
// dictionary and the hand-labelled tuning sets, never the held-out ones, and
// writes it where the binary embeds it from.
func categoriserFlags(fs *flag.FlagSet) func(stdout io.Writer) error {
	out := fs.String("out", "insight/categorise/data/model.bin.gz", "where to write the model")
	seed := fs.Int64("seed", 1, "seed of the synthetic examples and the calibration split")
	tune := fs.String("tune", "insight/categorise/testdata/eval*_tune.tsv",
		"hand-labelled examples to add: a file or a pattern of files, or empty for none")
	return func(stdout io.Writer) error {
		labelled, err := openTuneFiles(*tune)
		if err != nil {
			return err
		}
		defer func() {
			for _, f := range labelled {
				f.(io.Closer).Close()
			}
		}()
		var buf bytes.Buffer
		n, err := train.TrainCategoriser(&buf, *seed, labelled...)
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

// openTuneFiles opens the files a pattern names, in name order; none for "".
func openTuneFiles(pattern string) ([]io.Reader, error) {
	if pattern == "" {
		return nil, nil
	}
	names, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no tuning file matches %q", pattern)
	}
	out := make([]io.Reader, 0, len(names))
	for _, name := range names {
		f, err := os.Open(name) //nolint:gosec // G703: the operator names the files on the command line
		if err != nil {
			for _, o := range out {
				o.(io.Closer).Close()
			}
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}
