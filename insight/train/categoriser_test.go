package train

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestTrainCategoriserReproducesTheEmbeddedModel trains as `insight-train
// categoriser` does by default, on every tuning half, and finds the embedded model.
func TestTrainCategoriserReproducesTheEmbeddedModel(t *testing.T) {
	if testing.Short() {
		t.Skip("trains the model")
	}
	names, err := filepath.Glob("../categorise/testdata/eval*_tune.tsv")
	if err != nil || len(names) < 7 {
		t.Fatalf("tuning files %q, %v", names, err)
	}
	var tunes []io.Reader
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		tunes = append(tunes, f)
	}
	var buf bytes.Buffer
	n, err := TrainCategoriser(&buf, 1, tunes...)
	if err != nil || n == 0 {
		t.Fatalf("%d examples, %v", n, err)
	}
	embedded, err := os.ReadFile("../categorise/data/model.bin.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), embedded) {
		t.Errorf("trained %d bytes on %d examples that differ from insight/categorise/data/model.bin.gz (%d bytes)", buf.Len(), n, len(embedded))
	}
}
