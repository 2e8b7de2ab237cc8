package categorise

import (
	"bufio"
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"
)

//go:embed data/keywords_*.tsv
var keywordFiles embed.FS

// phrase is a run of words a keyword list gives kinds, in each language that lists it.
type phrase struct {
	words  []string
	langs  langSet
	kinds  [langCount]kinds // what it says in each language
	agreed kinds            // what every language that lists it says: its reading in a line of unknown language
	any    kinds            // what any language that lists it says
}

// vocabulary indexes the phrases of every language by their first word, longest first.
type vocabulary struct {
	byFirst map[string][]*phrase
	longest int
}

// kindsIn is what the phrase says in a line of language l.
func (ph *phrase) kindsIn(l lang) kinds {
	if l != langUnknown && ph.langs.has(l) {
		return ph.kinds[l]
	}
	return ph.agreed
}

var (
	vocabOnce sync.Once
	vocab     *vocabulary
	vocabErr  error
)

// theVocabulary returns the vocabulary of the embedded keyword lists, read once.
func theVocabulary() (*vocabulary, error) {
	vocabOnce.Do(func() { vocab, vocabErr = loadVocabulary() })
	return vocab, vocabErr
}

// mustVocabulary is theVocabulary for readers that cannot return an error; the embedded
// lists are checked by the package's tests.
func mustVocabulary() *vocabulary {
	v, err := theVocabulary()
	if err != nil {
		panic(err)
	}
	return v
}

// loadVocabulary reads data/keywords_<lang>.tsv for every language.
func loadVocabulary() (*vocabulary, error) {
	v := &vocabulary{byFirst: map[string][]*phrase{}}
	byText := map[string]*phrase{}
	for l := langEN; l < langCount; l++ {
		name := "data/keywords_" + l.String() + ".tsv"
		data, err := keywordFiles.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("insight: %w", err)
		}
		if err := v.read(string(data), l, byText); err != nil {
			return nil, fmt.Errorf("insight: %s: %w", name, err)
		}
	}
	for _, ph := range byText {
		ph.agreed = ^kinds(0)
		for l := langEN; l < langCount; l++ {
			if ph.langs.has(l) {
				ph.agreed &= ph.kinds[l]
				ph.any |= ph.kinds[l]
			}
		}
		v.byFirst[ph.words[0]] = append(v.byFirst[ph.words[0]], ph)
		v.longest = max(v.longest, len(ph.words))
	}
	for _, list := range v.byFirst {
		sort.Slice(list, func(i, j int) bool {
			if len(list[i].words) != len(list[j].words) {
				return len(list[i].words) > len(list[j].words)
			}
			return strings.Join(list[i].words, " ") < strings.Join(list[j].words, " ")
		})
	}
	return v, nil
}

// read adds one language's list.
func (v *vocabulary) read(data string, l lang, byText map[string]*phrase) error {
	sc := bufio.NewScanner(strings.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 3 {
			return fmt.Errorf("line %d: want 3 columns, got %d", line, len(cols))
		}
		words, err := phraseWords(cols[0])
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		k, err := parseKinds(cols[1])
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		key := strings.Join(words, " ")
		ph := byText[key]
		if ph == nil {
			ph = &phrase{words: words}
			byText[key] = ph
		}
		ph.langs |= 1 << l
		ph.kinds[l] |= k
	}
	return sc.Err()
}

// phraseWords tokenises a phrase as descriptions are; it must already be in that form.
func phraseWords(text string) ([]string, error) {
	var w words
	tokenise(text, &w)
	if w.n == 0 {
		return nil, fmt.Errorf("empty phrase")
	}
	out := make([]string, w.n)
	for i := range out {
		out[i] = w.tok[i].text
	}
	if strings.Join(out, " ") != text {
		return nil, fmt.Errorf("phrase %q is not written as the tokeniser reads it (%q)", text, strings.Join(out, " "))
	}
	return out, nil
}

// parseKinds reads a comma-separated list of kind names.
func parseKinds(list string) (kinds, error) {
	var k kinds
	for _, name := range strings.Split(list, ",") {
		bit, ok := kindNames[name]
		if !ok {
			return 0, fmt.Errorf("unknown kind %q", name)
		}
		k |= bit
	}
	return k, nil
}
