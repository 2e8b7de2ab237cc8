package train

import (
	"bytes"
	"os"
	"testing"
)

// TestTrainCategoriserReproducesTheEmbeddedModel trains as `insight-train
// categoriser` does by default and finds the embedded model.
func TestTrainCategoriserReproducesTheEmbeddedModel(t *testing.T) {
	if testing.Short() {
		t.Skip("trains the model")
	}
	tune, err := os.Open("../categorise/testdata/eval_tune.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer tune.Close()
	var buf bytes.Buffer
	n, err := TrainCategoriser(&buf, 1, tune)
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
