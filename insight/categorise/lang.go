package categorise

// lang is a language of bank wording.
type lang uint8

// The languages; langUnknown when a line does not say.
const (
	langUnknown lang = iota
	langEN
	langFR
	langDE
	langES
	langIT
	langNL
	langCount
)

// langCodes name the languages as the keyword lists' file names do.
var langCodes = [langCount]string{"", "en", "fr", "de", "es", "it", "nl"}

// String is the language's code.
func (l lang) String() string { return langCodes[l] }

// langSet is a set of languages, a bit per language.
type langSet uint8

// has reports whether l is in the set.
func (s langSet) has(l lang) bool { return s&(1<<l) != 0 }

// only returns the one language of a set of one, else langUnknown.
func (s langSet) only() lang {
	if s == 0 || s&(s-1) != 0 {
		return langUnknown
	}
	for l := langEN; l < langCount; l++ {
		if s.has(l) {
			return l
		}
	}
	return langUnknown
}

// votes count the evidence for each language in one description.
type votes [langCount]uint8

// add gives n votes to the one language of s; words of several languages say nothing.
func (v *votes) add(s langSet, n uint8) {
	if l := s.only(); l != langUnknown {
		v[l] += n
	}
}

// winner is the language with the most votes, when one has more than every other.
func (v *votes) winner() lang {
	best, tie := langUnknown, false
	for l := langEN; l < langCount; l++ {
		switch {
		case v[l] == 0:
		case best == langUnknown || v[l] > v[best]:
			best, tie = l, false
		case v[l] == v[best]:
			tie = true
		}
	}
	if tie {
		return langUnknown
	}
	return best
}
