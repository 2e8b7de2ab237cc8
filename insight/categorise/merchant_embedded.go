package categorise

import (
	"bufio"
	"embed"
	"fmt"
	"strings"
)

//go:embed data/merchants.tsv data/merchants_*.tsv data/common_words.tsv
var dictionaryFiles embed.FS

// dictionarySources are the embedded merchant lists in the order they are read, with the
// languages of their country's statements: the UK's first, Belgium's in Dutch and French.
var dictionarySources = []struct {
	name  string
	langs langSet
}{
	{"data/merchants.tsv", 1 << langEN},
	{"data/merchants_fr.tsv", 1 << langFR},
	{"data/merchants_de.tsv", 1 << langDE},
	{"data/merchants_es.tsv", 1 << langES},
	{"data/merchants_it.tsv", 1 << langIT},
	{"data/merchants_nl.tsv", 1 << langNL},
	{"data/merchants_be.tsv", 1<<langNL | 1<<langFR},
}

// EmbeddedDictionary reads the dictionary shipped with the package: the UK's merchants
// (data/merchants.tsv), then France's, Germany's, Spain's, Italy's, the Netherlands' and
// Belgium's (data/merchants_<cc>.tsv), with the common words of data/common_words.tsv.
func EmbeddedDictionary() (*Dictionary, error) {
	common, err := readCommonWords()
	if err != nil {
		return nil, err
	}
	d := newDictionary(common)
	for _, src := range dictionarySources {
		f, err := dictionaryFiles.Open(src.name)
		if err != nil {
			return nil, fmt.Errorf("insight: %w", err)
		}
		err = d.read(f, src.name, src.langs)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return d, nil
}

// readCommonWords reads data/common_words.tsv: a word and the languages it is common in.
func readCommonWords() (map[string]langSet, error) {
	data, err := dictionaryFiles.ReadFile("data/common_words.tsv")
	if err != nil {
		return nil, fmt.Errorf("insight: %w", err)
	}
	out := map[string]langSet{}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if cols[0] == "" || cols[0][0] == '#' {
			continue
		}
		if len(cols) != 3 {
			return nil, fmt.Errorf("insight: common_words.tsv line %d: want 3 columns", line)
		}
		var set langSet
		for _, code := range strings.Split(cols[1], ",") {
			l := langOf(code)
			if l == langUnknown {
				return nil, fmt.Errorf("insight: common_words.tsv line %d: unknown language %q", line, code)
			}
			set |= 1 << l
		}
		out[cols[0]] = set
	}
	return out, sc.Err()
}

// langOf returns the language of a code, langUnknown for none.
func langOf(code string) lang {
	for l := langEN; l < langCount; l++ {
		if langCodes[l] == code {
			return l
		}
	}
	return langUnknown
}
