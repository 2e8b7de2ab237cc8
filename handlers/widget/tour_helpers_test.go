package widget_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/store"
	widgets "openbank/widget"
)

// privacyPage is the privacy page the test's client registers.
const privacyPage = "https://acme.example/privacy"

// registerClient stores the test's client as the OAuth registry would,
// with its privacy page.
func (e *env) registerClient(t *testing.T) {
	t.Helper()
	err := e.svc.Store.CreateClient(context.Background(), store.Client{ClientID: clientID, Name: "Acme Lending",
		PrivacyURL: privacyPage, ReturnOrigins: []string{landing().URL}})
	if err != nil {
		t.Fatal(err)
	}
}

// widgetWith creates a widget link like env.widget, changed by change.
func (e *env) widgetWith(t *testing.T, change func(*widgets.Request)) *widgets.Created {
	t.Helper()
	req := widgets.Request{ClientID: clientID, SubjectID: "42", CountryCodes: []string{"XF"},
		ReturnTo: landing().URL + "/back", Access: aggregation.Recurring, RequestID: uuid.NewString()}
	change(&req)
	w, err := e.widgets.Create(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// text is the visible text of the page's main element.
func (b *tab) text() string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector("main").innerText`))
	if err != nil {
		b.t.Fatalf("reading the page: %v", err)
	}
	return s
}

// says fails the test unless the page says each of want.
func (b *tab) says(page string, want ...string) {
	b.t.Helper()
	text := b.text()
	for _, w := range want {
		if !strings.Contains(text, w) {
			b.t.Errorf("%s does not say %q:\n%s", page, w, text)
		}
	}
}

// never fails the test if the page says any of words.
func (b *tab) never(page string, words ...string) {
	b.t.Helper()
	text := strings.ToLower(b.text())
	for _, w := range words {
		if strings.Contains(text, strings.ToLower(w)) {
			b.t.Errorf("%s says %q", page, w)
		}
	}
}

// attr is an attribute of the first element matching selector ("" when none).
func (b *tab) attr(selector, name string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`(document.querySelector(%q) || {getAttribute: () => ""}).getAttribute(%q) || ""`, selector, name)))
	if err != nil {
		b.t.Fatalf("attribute %s of %s: %v", name, selector, err)
	}
	return s
}

// count is how many elements match selector.
func (b *tab) count(selector string) int {
	b.t.Helper()
	n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, selector)))
	if err != nil {
		b.t.Fatalf("counting %s: %v", selector, err)
	}
	return n
}

// style is a computed style property of the first element matching selector.
func (b *tab) style(selector, property string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`getComputedStyle(document.querySelector(%q)).getPropertyValue(%q)`, selector, property)))
	if err != nil {
		b.t.Fatalf("style %s of %s: %v", property, selector, err)
	}
	return s
}

// contrastOnWhite is the WCAG contrast ratio of a CSS rgb() colour
// against white; 0 when the colour cannot be read.
func contrastOnWhite(colour string) float64 {
	var r, g, bl float64
	if _, err := fmt.Sscanf(strings.ReplaceAll(colour, " ", ""), "rgb(%g,%g,%g)", &r, &g, &bl); err != nil {
		return 0
	}
	channel := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	l := 0.2126*channel(r) + 0.7152*channel(g) + 0.0722*channel(bl)
	return 1.05 / (l + 0.05)
}

// expectContrast fails the test when the colour of property on selector
// has less than 3:1 against white (WCAG 1.4.11, non-text contrast).
func (b *tab) expectContrast(page, selector, property string) {
	b.t.Helper()
	c := b.style(selector, property)
	if ratio := contrastOnWhite(c); ratio < 3 {
		b.t.Errorf("%s: %s of %s is %s, %.2f:1 against white, want at least 3:1", page, property, selector, c, ratio)
	}
}

// expectFocusRing tabs to the field selector and checks its focus ring.
func (b *tab) expectFocusRing(page, selector string) {
	b.t.Helper()
	b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).blur()`, selector)))
	b.run(chromedp.Focus(selector))
	if w := b.style(selector, "outline-width"); w == "0px" || b.style(selector, "outline-style") == "none" {
		b.t.Errorf("%s: %s has no focus ring (outline %s)", page, selector, w)
		return
	}
	b.expectContrast(page, selector, "outline-color")
}
