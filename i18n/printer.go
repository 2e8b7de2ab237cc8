package i18n

import (
	"log/slog"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Printer writes the messages of one language.
type Printer struct {
	lang string
	tag  language.Tag
	cat  catalogue
	en   catalogue
}

// For is the printer of lang, one of Languages; any other tag gets the
// default language's.
func For(lang string) Printer {
	all, err := printers()
	if err != nil {
		panic(err) // the embedded catalogues are checked by the tests
	}
	if p, ok := all[lang]; ok {
		return p
	}
	return all[Default]
}

// printers are the printers of Languages, built once.
var printers = sync.OnceValues(func() (map[string]Printer, error) {
	cats, err := catalogues()
	if err != nil {
		return nil, err
	}
	out := make(map[string]Printer, len(cats))
	for lang, cat := range cats {
		out[lang] = Printer{lang: lang, tag: language.Make(lang), cat: cat, en: cats[Default]}
	}
	return out, nil
})

// Lang is the printer's BCP 47 tag, for <html lang>.
func (p Printer) Lang() string {
	if p.lang == "" {
		return Default
	}
	return p.lang
}

// Text writes the message key with its placeholders filled from args,
// given as name, value pairs: Text("widget.for", "client", "Acme") fills
// {client}. The brackets that mark a part of the message are dropped.
func (p Printer) Text(key string, args ...string) string {
	return fill(unmarked(p.form(key, 0, false)), args)
}

// Plural writes the plural message key for the count n, chosen by the
// language's CLDR rules; {count} is n written for the language.
func (p Printer) Plural(key string, n int, args ...string) string {
	return fill(unmarked(p.form(key, n, true)), p.countArgs(n, args))
}

// Segment is a part of a message; a Marked part (written [like this] in
// the catalogue) is the one the page sets off: a link, bold text, a code.
type Segment struct {
	Text   string
	Marked bool
}

// Segments writes the message key split at its marked parts, so that a
// page wraps a part of a whole sentence in a link or in bold.
func (p Printer) Segments(key string, args ...string) []Segment {
	return segments(p.form(key, 0, false), args)
}

// PluralSegments is Segments for the plural message key and the count n.
func (p Printer) PluralSegments(key string, n int, args ...string) []Segment {
	return segments(p.form(key, n, true), p.countArgs(n, args))
}

func (p Printer) countArgs(n int, args []string) []string {
	return append([]string{"count", p.Number(n)}, args...)
}

// form is the raw text of key: its plural form for n when counted,
// otherwise its only (or "other") form.
func (p Printer) form(key string, n int, counted bool) string {
	m := p.lookup(key)
	if m.forms == nil {
		return m.text
	}
	if counted {
		if text := m.forms[formName(plural.Cardinal.MatchPlural(p.tag, abs(n), 0, 0, 0, 0))]; text != "" {
			return text
		}
	}
	return m.forms["other"]
}

// segments splits text at its [marked] parts and fills each part.
func segments(text string, args []string) []Segment {
	var out []Segment
	for text != "" {
		open := strings.IndexByte(text, '[')
		end := strings.IndexByte(text, ']')
		if open < 0 || end < open {
			out = append(out, Segment{Text: fill(text, args)})
			break
		}
		if open > 0 {
			out = append(out, Segment{Text: fill(text[:open], args)})
		}
		out = append(out, Segment{Text: fill(text[open+1:end], args), Marked: true})
		text = text[end+1:]
	}
	return out
}

// Number writes an integer with the language's digit grouping.
func (p Printer) Number(n int) string {
	return message.NewPrinter(p.tag).Sprint(number.Decimal(n))
}

func (p Printer) lookup(key string) entry {
	if p.cat == nil { // the zero Printer speaks the default language
		p = For(Default)
	}
	if m, ok := p.cat[key]; ok {
		return m
	}
	if m, ok := p.en[key]; ok {
		slog.Warn("i18n: message missing", "lang", p.lang, "key", key)
		return m
	}
	slog.Warn("i18n: unknown message", "key", key)
	return entry{text: key}
}

// fill replaces each {name} of text by its value in args (name, value
// pairs); a placeholder without a value is left as it is.
func fill(text string, args []string) string {
	if len(args) < 2 || !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 32)
	for {
		open := strings.IndexByte(text, '{')
		end := strings.IndexByte(text[max(open, 0):], '}') + max(open, 0)
		if open < 0 || end < open {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:open])
		b.WriteString(value(text[open:end+1], args))
		text = text[end+1:]
	}
}

// value is the value of the placeholder {name} in args, or the placeholder.
func value(placeholder string, args []string) string {
	name := placeholder[1 : len(placeholder)-1]
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1]
		}
	}
	return placeholder
}

// unmarked is text without the brackets that mark a part of it.
func unmarked(text string) string {
	if !strings.ContainsAny(text, "[]") {
		return text
	}
	return marks.Replace(text)
}

var marks = strings.NewReplacer("[", "", "]", "")

func formName(f plural.Form) string {
	switch f {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Decimal writes x with places decimals, grouped and separated as the
// language writes numbers ("1,234.50", "1.234,50").
func (p Printer) Decimal(x float64, places int) string {
	return message.NewPrinter(p.tag).Sprint(number.Decimal(x, number.Scale(places)))
}
