package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"sync"
)

//go:embed catalogues/*.json
var files embed.FS

// entry is one catalogue message: a text, or its plural forms keyed by
// CLDR category (zero, one, two, few, many, other).
type entry struct {
	text  string
	forms map[string]string
}

// UnmarshalJSON reads a string or an object of plural forms.
func (m *entry) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &m.text)
	}
	if err := json.Unmarshal(b, &m.forms); err != nil {
		return err
	}
	if _, ok := m.forms["other"]; !ok {
		return fmt.Errorf("plural message without an \"other\" form")
	}
	return nil
}

// catalogue is one language's messages by id.
type catalogue map[string]entry

// catalogues reads every language's catalogue once; an unreadable one
// stops the server at its first page (the tests read them all).
var catalogues = sync.OnceValues(func() (map[string]catalogue, error) {
	out := make(map[string]catalogue, len(Languages))
	for _, lang := range Languages {
		cat, err := readCatalogue(lang)
		if err != nil {
			return nil, err
		}
		out[lang] = cat
	}
	return out, nil
})

func readCatalogue(lang string) (catalogue, error) {
	b, err := files.ReadFile("catalogues/" + lang + ".json")
	if err != nil {
		return nil, fmt.Errorf("i18n: catalogue %s: %w", lang, err)
	}
	var cat catalogue
	if err := json.Unmarshal(b, &cat); err != nil {
		return nil, fmt.Errorf("i18n: catalogue %s: %w", lang, err)
	}
	return cat, nil
}

// Keys lists the message ids of a language's catalogue, for tests.
func Keys(lang string) ([]string, error) {
	cats, err := catalogues()
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(cats[lang]))
	for k := range cats[lang] {
		keys = append(keys, k)
	}
	return keys, nil
}
