package page

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/i18n"
	"openbank/views"
)

// LangParam is the query parameter of the language switch.
const LangParam = "lang"

// Preferences are what a page knows of the language its subject wants,
// besides the request's own ?lang= and Accept-Language.
type Preferences struct {
	Chosen    string // the subject's earlier choice on the switch, kept by the flow; "" when none
	Requested string // what the client asked for: BCP 47 tags, space separated (a widget's locale, ui_locales)
	Default   string // the client's default language; "" when it has none
}

// Locale chooses the language of a subject's page: the language switch
// (?lang=, then the choice the flow kept), what the client asked for, the
// browser's Accept-Language, the client's default, and English. A
// preference no catalogue serves is passed over.
func Locale(c *gin.Context, p Preferences) i18n.Printer { return LocaleOf(c.Writer, c.Request, p) }

// LocaleOf is Locale for a page served outside gin.
func LocaleOf(w http.ResponseWriter, r *http.Request, p Preferences) i18n.Printer {
	w.Header().Add("Vary", "Accept-Language")
	for _, lang := range []string{
		i18n.Match(r.URL.Query().Get(LangParam)), i18n.Match(p.Chosen), i18n.MatchList(p.Requested),
		i18n.MatchAccept(r.Header.Get("Accept-Language")), i18n.Match(p.Default),
	} {
		if lang != "" {
			return i18n.For(lang)
		}
	}
	return i18n.For(i18n.Default)
}

// Languages is the language switch of a page at base (a GET address that
// shows the same page again): one link per language, in its own name.
func Languages(base string, current string) []views.LanguageLink {
	u, err := url.Parse(base)
	if err != nil {
		return nil
	}
	q := u.Query()
	q.Del(LangParam)
	prefix := u.EscapedPath() + "?"
	if len(q) > 0 {
		prefix += q.Encode() + "&"
	}
	out := make([]views.LanguageLink, 0, len(i18n.Languages))
	for _, lang := range i18n.Languages {
		out = append(out, views.LanguageLink{Tag: lang, Code: strings.ToUpper(lang), Name: i18n.For(lang).Text("language.name"),
			Href: prefix + LangParam + "=" + lang, Current: lang == current})
	}
	return out
}
