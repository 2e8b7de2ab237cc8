package insight

import (
	"strings"
	"testing"
)

func TestEmbeddedDictionaryLoads(t *testing.T) {
	d, err := LoadDictionary(strings.NewReader(merchantsTSV))
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() < 1000 || d.Aliases() < 2500 {
		t.Errorf("dictionary has %d merchants and %d aliases, want a broad one", d.Len(), d.Aliases())
	}
}
