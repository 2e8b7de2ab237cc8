package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCataloguesHaveTheSameKeys keeps every language complete: each key of
// the default catalogue is in every other one, and no other has more.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	want, err := Keys(Default)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	for _, lang := range Languages {
		got, err := Keys(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range want {
			if !slices.Contains(got, k) {
				t.Errorf("%s: key %q missing", lang, k)
			}
		}
		for _, k := range got {
			if !slices.Contains(want, k) {
				t.Errorf("%s: key %q is not in the %s catalogue", lang, k, Default)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// TestTranslationsKeepPlaceholdersAndMarks checks that every translation
// fills the same placeholders and marks as many parts as the default one,
// and that each plural message has the forms its language's rules choose.
func TestTranslationsKeepPlaceholdersAndMarks(t *testing.T) {
	cats, err := catalogues()
	if err != nil {
		t.Fatal(err)
	}
	for key, en := range cats[Default] {
		wantNames := names(textsOf(en))
		for _, lang := range Languages {
			m, ok := cats[lang][key]
			if !ok {
				continue // reported by TestCataloguesHaveTheSameKeys
			}
			if (m.forms == nil) != (en.forms == nil) {
				t.Errorf("%s %s: plural in one language and not in the other", lang, key)
			}
			for _, text := range textsOf(m) {
				if got := names([]string{text}); !slices.Equal(got, wantNames) {
					t.Errorf("%s %s: placeholders %v, want %v", lang, key, got, wantNames)
				}
				if strings.Count(text, "[") != strings.Count(textsOf(en)[0], "[") || strings.Count(text, "[") != strings.Count(text, "]") {
					t.Errorf("%s %s: marked parts differ from %s: %q", lang, key, Default, text)
				}
			}
			if m.forms != nil {
				p := For(lang)
				for n := range 200 {
					if _, ok := m.forms[formName(pluralForm(p, n))]; !ok {
						t.Errorf("%s %s: no %q form (for %d)", lang, key, formName(pluralForm(p, n)), n)
						break
					}
				}
			}
		}
	}
}

func textsOf(m entry) []string {
	if m.forms == nil {
		return []string{m.text}
	}
	out := make([]string, 0, len(m.forms))
	for _, k := range []string{"zero", "one", "two", "few", "many", "other"} {
		if s, ok := m.forms[k]; ok {
			out = append(out, s)
		}
	}
	return out
}

func names(texts []string) []string {
	var out []string
	for _, t := range texts {
		for _, n := range placeholder.FindAllString(t, -1) {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestEveryKeyIsUsed fails when a catalogue keeps a message that no Go
// file or template of the server names any more: the words would be
// translated for nothing, and drift.
func TestEveryKeyIsUsed(t *testing.T) {
	var sources strings.Builder
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "sdk" || d.Name() == "node_modules") && path != ".." {
			return filepath.SkipDir
		}
		name := d.Name()
		if d.IsDir() || strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") ||
			!(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".templ")) {
			return nil
		}
		b, err := os.ReadFile(path)
		sources.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	keys, err := Keys(Default)
	if err != nil {
		t.Fatal(err)
	}
	code := sources.String()
	for _, k := range keys {
		if !strings.Contains(code, `"`+k+`"`) {
			t.Errorf("key %q is used by no Go file or template", k)
		}
	}
}
