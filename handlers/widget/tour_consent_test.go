package widget_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTourConsentOnAPhone reads the recurring consent page on a 360 × 780
// phone: the withdrawal sentence reads whole, "Agree and continue" is
// above the fold, and Openbank's own privacy notice is one link away.
func TestTourConsentOnAPhone(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		register bool
		withdraw string
	}{
		{"with the client's privacy page", true,
			"You can withdraw your consent at any time: ask Acme Lending, and it stops receiving your data. Contact it through its privacy and support page (opens in a new tab)."},
		{"without one", false,
			"You can withdraw your consent at any time: ask Acme Lending, and it stops receiving your data. Contact it in the app or on the website that sent you here."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, b := newEnv(t, nil), newTab(t)
			if tt.register {
				e.registerClient(t)
			}
			w := e.widget(t, landing().URL+"/back", true)
			b.run(chromedp.Navigate(w.URL))
			b.waitFor("ul.banks", "banks")
			b.run(chromedp.Navigate(fmt.Sprintf("%s/widget/w/%d/consent?bank=embedded-scenario", e.base, w.Widget.ID)))
			b.waitFor("#withdraw", "consent")
			if got := b.textOf("#withdraw"); got != tt.withdraw {
				t.Errorf("withdrawal sentence %q, want %q", got, tt.withdraw)
			}
			bottom, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`document.querySelector("form.agree button").getBoundingClientRect().bottom`))
			if err != nil || bottom > 780 {
				t.Errorf("Agree and continue ends at %.0f px, below the fold of 780 (%v)", bottom, err)
			}
			if href := b.attr("#openbank-privacy", "href"); href != "/widget/privacy?lang=en" {
				t.Fatalf("Openbank's privacy notice: %q", href)
			}
			b.run(chromedp.Navigate(e.base + "/widget/privacy"))
			b.waitFor("h1", "privacy")
			b.says("privacy", "How Openbank handles your bank data", "Your bank password", "Changing your mind")
		})
	}
}

// TestTourEmbeddedSignInChoosesAnotherBank leaves the embedded bank's
// sign-in for the list of banks: no dead end, and the sign-in left is
// abandoned, not kept open.
func TestTourEmbeddedSignInChoosesAnotherBank(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "banks")
	b.run(chromedp.Navigate(fmt.Sprintf("%s/widget/w/%d/consent?bank=embedded-scenario", e.base, w.Widget.ID)))
	b.waitFor("form.agree", "consent")
	b.run(click("form.agree button"))
	b.waitFor("#other-bank", "sign-in")
	b.run(click("#other-bank"))
	b.waitFor("ul.banks", "banks-again")
	var open int
	if err := e.db.QueryRow(`SELECT count(*) FROM bank_consents WHERE completed_at IS NULL`).Scan(&open); err != nil || open != 0 {
		t.Fatalf("sign-ins left open: %d %v", open, err)
	}
}

// textOf is the text of the first element selector matches, with its
// spaces collapsed (as a screen reader reads it, hidden words included).
func (b *tab) textOf(selector string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent.replace(/\s+/g, " ").trim()`, selector)))
	if err != nil {
		b.t.Fatalf("reading %s: %v", selector, err)
	}
	return s
}
