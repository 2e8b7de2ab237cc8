package i18n

import (
	"regexp"
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

// wellFormed is the shape of a BCP 47 tag as the API documents it:
// subtags of letters and digits joined by hyphens, 35 characters at most.
var wellFormed = regexp.MustCompile(`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)

// Valid says whether locale is a well-formed BCP 47 tag ("fr", "de-CH").
func Valid(locale string) bool {
	if len(locale) > 35 || !wellFormed.MatchString(locale) {
		return false
	}
	_, err := language.Parse(locale)
	return err == nil
}

// Match returns the language of Languages that best serves locale, a BCP
// 47 tag ("fr-CA" is served by "fr"), or "" when none does.
func Match(locale string) string {
	if locale == "" {
		return ""
	}
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
	if header == "" {
		return ""
	}
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
