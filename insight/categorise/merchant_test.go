package categorise

import (
	"strings"
	"testing"
)

func TestEmbeddedDictionaryLoads(t *testing.T) {
	d, err := EmbeddedDictionary()
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() < 2500 || d.Aliases() < 10000 {
		t.Errorf("dictionary has %d merchants and %d aliases, want a broad one", d.Len(), d.Aliases())
	}
}

func TestDictionaryFind(t *testing.T) {
	d, err := EmbeddedDictionary()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ desc, name string }{
		{"TESCO STORES 3421 BATH", "Tesco"},
		{"TESCO MOBILE", "Tesco Mobile"},                 // the longest alias wins
		{"HSBC CREDIT CARD", "HSBC"},                     // a brand beats a generic word
		{"CLEARPAY* JD SPORTS", "Clearpay"},              // a buy-now-pay-later prefix wins
		{"TRAVIS PERKINS THE BP SHOP", "Travis Perkins"}, // "^BP" only at the start
		{"GREGGS 1234 14:32", "Greggs"},
		{"JOES CORNER", ""},
	}
	for _, tt := range tests {
		var p parsed
		p.parse(tt.desc)
		h := d.find(&p)
		name := ""
		if h.m != nil {
			name = h.m.name
		}
		if name != tt.name {
			t.Errorf("find(%q) = %q, want %q", tt.desc, name, tt.name)
		}
	}
}

func TestLoadDictionaryErrors(t *testing.T) {
	for _, bad := range []string{
		"living.nothing\tX\tX",
		"living.shopping\tX\tX 1234",
		"living.shopping\tX\tSAME\nliving.shopping\tY\tSAME",
		"living.shopping\tX\tX\tin=bad.code",
	} {
		if _, err := LoadDictionary(strings.NewReader(bad)); err == nil {
			t.Errorf("LoadDictionary(%q) accepted", bad)
		}
	}
}
