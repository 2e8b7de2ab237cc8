package i18n

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
)

var matcher = sync.OnceValue(func() language.Matcher {
	tags := make([]language.Tag, len(Languages))
	for i, l := range Languages {
		tags[i] = language.Make(l)
	}
	return language.NewMatcher(tags)
})

// Valid says whether locale is a well-formed BCP 47 tag ("fr", "de-CH").
func Valid(locale string) bool {
	_, err := language.Parse(locale)
	return err == nil && locale != ""
}

// Match returns the language of Languages that best serves locale, a BCP
// 47 tag ("fr-CA" is served by "fr"), or "" when none does.
func Match(locale string) string {
	t, err := language.Parse(strings.TrimSpace(locale))
	if err != nil {
		return ""
	}
	return best(t)
}

// MatchList returns the first language of a space-separated list of tags
// (an authorization request's ui_locales) that one of Languages serves.
func MatchList(locales string) string {
	for _, l := range strings.Fields(locales) {
		if m := Match(l); m != "" {
			return m
		}
	}
	return ""
}

// MatchAccept returns the language of Languages that best serves an
// Accept-Language header, or "" when none does.
func MatchAccept(header string) string {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return ""
	}
	for _, t := range tags {
		if m := best(t); m != "" {
			return m
		}
	}
	return ""
}

func best(t language.Tag) string {
	_, i, conf := matcher().Match(t)
	if conf < language.High {
		return ""
	}
	return Languages[i]
}
