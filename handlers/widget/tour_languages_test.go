package widget_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	"openbank/banks"
	"openbank/i18n"
	widgets "openbank/widget"
)

// TestTourInEveryLanguage walks the widget in each language, the client
// asking for it when it creates the link: the redirect bank's sign-in and
// its cancellation, the used bank link, the embedded bank's sign-in with
// its one-time code up to the result, the progress of a slow fetch,
// Openbank's privacy notice, a page reached without the link's visit, a
// forged and an expired link. Every
// page says <html lang> right, keeps no English sentence (a phrase of the
// English catalogue that the language's own catalogue does not share),
// fits 360 and 1280 px without overflow, and is saved as a screenshot.
// Then the language switch changes the language through the flow and
// across the bank's redirect.
func TestTourInEveryLanguage(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, map[string]string{"MOCK_SLOW_FETCH": "3s"}), newTab(t)
	e.registerClient(t)
	for _, lang := range i18n.Languages {
		l := newLanguageCheck(t, b, lang)
		w := e.widgetWith(t, func(r *widgets.Request) { r.Locale = lang })
		path := fmt.Sprintf("%s/widget/w/%d", e.base, w.Widget.ID)
		b.run(chromedp.Navigate(w.URL))
		l.page("ul.banks", "banks")
		b.run(chromedp.Navigate(path + "/banks?q=nothing+like+it"))
		l.page(".empty", "banks-no-match")
		b.run(chromedp.Navigate(path + "/consent?bank=redirect-scenario"))
		l.page("#withdraw", "consent")
		l.agreeAboveTheFold("consent")
		b.run(click("main form button.button"))
		l.page("body.mockbank #username", "bank-sign-in")
		bankPage := b.location()
		b.run(typeInto("#username", "user"), typeInto("#password", "wrong"), click(`button[value="approve"]`))
		l.page("body.mockbank .alert", "bank-sign-in-error")
		b.run(click(`button[value="cancel"]`))
		l.page("#result #continue", "cancelled")
		b.run(chromedp.Navigate(bankPage))
		l.page(".notice", "bank-link-used")
		b.run(chromedp.Navigate(path + "/consent?bank=embedded-scenario"))
		l.page("#withdraw", "consent-embedded")
		l.agreeAboveTheFold("consent-embedded")
		b.run(click("main form button.button"))
		l.page("body.widget #password", "sign-in")
		b.run(typeInto("#username", "otp"), typeInto("#password", "wrong"), click("main form.stack button"))
		l.page("#login-error", "sign-in-error")
		b.run(typeInto("#password", banks.TestPassword), click("main form.stack button"))
		l.page("#code", "one-time-code")
		b.run(typeInto("#code", banks.TestOneTimeCode), click("main form.stack button"))
		l.page("#accounts", "connected")
		b.run(chromedp.Navigate(path + "/consent?bank=embedded-scenario"))
		b.waitFor("#withdraw", lang+"-consent-again")
		b.run(click("main form button.button"))
		b.waitFor("body.widget #password", lang+"-sign-in-again")
		b.run(typeInto("#username", "slow"), typeInto("#password", banks.TestPassword), click("main form.stack button"))
		l.page("section.result.waiting", "progress")
		b.run(chromedp.Navigate(e.base + "/widget/privacy?lang=" + lang))
		l.page("h1", "privacy")
		unopened := e.widgetWith(t, func(r *widgets.Request) { r.Locale = lang })
		b.run(chromedp.Navigate(fmt.Sprintf("%s/widget/w/%d/banks", e.base, unopened.Widget.ID)))
		l.page(".notice", "visit-needed")
		b.run(chromedp.Navigate(strings.Replace(w.URL, "?t=", "?t=x", 1) + "&lang=" + lang))
		l.page(".notice", "link-invalid")
		late := e.widgetWith(t, func(r *widgets.Request) { r.Locale = lang })
		e.clock.Advance(widgets.DefaultTTL + time.Second)
		b.run(chromedp.Navigate(late.URL))
		l.page("#continue", "link-expired")
	}

	w := e.widgetWith(t, func(*widgets.Request) {})
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "switch-banks")
	b.run(click(`.langs a[hreflang="de"]`))
	de := newLanguageCheck(t, b, "de")
	de.page(`.langs [lang="de"][aria-current="true"]`, "switch-banks")
	b.run(click(`a.bank[href*="bank=redirect-scenario"]`))
	de.page("#withdraw", "switch-consent")
	b.run(click("main form button.button"))
	de.page("body.mockbank #username", "switch-bank-sign-in")
	b.run(click(`.langs a[hreflang="fr"]`))
	fr := newLanguageCheck(t, b, "fr")
	fr.page(`body.mockbank .langs [lang="fr"][aria-current="true"]`, "switch-bank-sign-in")
	b.run(typeInto("#username", "user"), typeInto("#password", "wrong"), click(`button[value="approve"]`))
	fr.page("body.mockbank .alert", "switch-bank-sign-in-error")
}

// languageCheck checks the pages of one language.
type languageCheck struct {
	t       *testing.T
	b       *tab
	lang    string
	english []string // the English catalogue's phrases this language does not share
}

func newLanguageCheck(t *testing.T, b *tab, lang string) *languageCheck {
	t.Helper()
	return &languageCheck{t: t, b: b, lang: lang, english: foreignPhrases(t, lang)}
}

// page waits for selector, opens the page's disclosures, then checks the
// page and saves it at each width.
func (l *languageCheck) page(selector, name string) {
	l.t.Helper()
	l.b.waitFor(selector, l.lang+"-"+name)
	l.b.run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
	if got := l.b.attr("html", "lang"); got != l.lang {
		l.t.Errorf("%s %s: <html lang=%q>", l.lang, name, got)
	}
	if l.lang != i18n.Default {
		text := l.b.bodyText()
		for _, p := range l.english {
			if containsWords(text, p) {
				l.t.Errorf("%s %s says %q in English:\n%s", l.lang, name, p, text)
			}
		}
	}
	for _, w := range widths {
		l.b.run(chromedp.EmulateViewport(w, 800))
		overflow, err := chromedp.Run(l.b.ctx, chromedp.Evaluate[string](overflowCheck))
		if err != nil {
			l.t.Fatalf("overflow check: %v", err)
		}
		if overflow != "" {
			l.t.Errorf("%s %s at %d px: %s", l.lang, name, w, overflow)
		}
		png, err := chromedp.Run(l.b.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			l.t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(filepath.Join(l.b.dir, fmt.Sprintf("%s-%s-%d.png", l.lang, name, w)), png, 0o644); err != nil {
			l.t.Fatal(err)
		}
	}
	l.b.run(chromedp.EmulateViewport(360, 780))
}

// agreeAboveTheFold fails the test when "Agree and continue" ends below
// the fold of a 360 × 780 phone.
func (l *languageCheck) agreeAboveTheFold(name string) {
	l.t.Helper()
	bottom, err := chromedp.Run(l.b.ctx, chromedp.Evaluate[float64](`document.querySelector("form.agree button").getBoundingClientRect().bottom + window.scrollY`))
	if err != nil || bottom > 780 {
		l.t.Errorf("%s %s: the agree button ends at %.0f px, below the fold of 780 (%v)", l.lang, name, bottom, err)
	}
}

// overflowCheck names what sticks out of the viewport or is cut off inside
// a box that clips it; "" when nothing does.
const overflowCheck = `(() => {
	const width = document.documentElement.clientWidth;
	if (document.documentElement.scrollWidth > width) return "the page is " + document.documentElement.scrollWidth + " px wide";
	for (const e of document.querySelectorAll("body *")) {
		if (e.closest(".visually-hidden") || e.tagName === "INPUT") continue;
		const r = e.getBoundingClientRect();
		const name = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className ? "." + e.className : "");
		if (r.width > 0 && r.right > width + 0.5) return name + " ends at " + Math.round(r.right) + " px";
		if (getComputedStyle(e).overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1) return name + " cuts its content off";
	}
	return "";
})()`

// bodyText is the visible text of the whole page.
func (b *tab) bodyText() string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		b.t.Fatalf("reading the page: %v", err)
	}
	return s
}

// marks split a catalogue text at its placeholders and marked parts.
var marks = regexp.MustCompile(`\{[a-z]+\}|[\[\]]`)

// foreignPhrases are the phrases of the English catalogue (its texts cut
// at the placeholders, of at least four letters) that lang's catalogue
// does not use itself, as "Cookies" or "Password" may be.
func foreignPhrases(t *testing.T, lang string) []string {
	t.Helper()
	own := strings.Join(catalogueTexts(t, lang), "\n")
	var out []string
	for _, text := range catalogueTexts(t, i18n.Default) {
		for _, p := range marks.Split(text, -1) {
			p = strings.TrimFunc(p, func(r rune) bool { return !unicode.IsLetter(r) })
			if letters(p) >= 4 && !containsWords(own, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// catalogueTexts are every text of lang's catalogue but the languages'
// own names, which every language switch shows, and the reports' messages,
// which no page of the widget shows ("Business", "Consumer" and "Account"
// are there words of the mock banks' names).
func catalogueTexts(t *testing.T, lang string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "i18n", "catalogues", lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]json.RawMessage
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	var out []string
	for key, raw := range cat {
		if key == "language.name" || strings.HasPrefix(key, "report.") {
			continue
		}
		var text string
		if json.Unmarshal(raw, &text) == nil {
			out = append(out, text)
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(raw, &forms); err != nil {
			t.Fatalf("%s %s: %v", lang, key, err)
		}
		for _, f := range forms {
			out = append(out, f)
		}
	}
	return out
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// containsWords says whether phrase occurs in text as whole words: "Connect"
// is not in "Connecter".
func containsWords(text, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(phrase)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		i = start + 1
	}
}

// The checks of TestTourInEveryLanguage find what they look for.
func TestEnglishPhrasesAreFound(t *testing.T) {
	fr := foreignPhrases(t, "fr")
	for _, want := range []string{"Choose your bank", "Cancel and go back", "days, until"} {
		if !slices.Contains(fr, want) {
			t.Errorf("the English phrases for French lack %q", want)
		}
	}
	if it := foreignPhrases(t, "it"); slices.Contains(it, "Password") {
		t.Error("Italian's own \"Password\" counts as English")
	}
	tests := []struct {
		text, phrase string
		want         bool
	}{
		{"Connecter Banque", "Connect", false},
		{"Connecté", "Connect", false},
		{"1 Connect Bank", "Connect", true},
		{"Connect", "Connect", true},
		{"Ein Link: Try again.", "Try again", true},
	}
	for _, tt := range tests {
		if got := containsWords(tt.text, tt.phrase); got != tt.want {
			t.Errorf("containsWords(%q, %q) = %v", tt.text, tt.phrase, got)
		}
	}
}
