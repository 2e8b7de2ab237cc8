package widget_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"openbank/aggregation"
	widgets "openbank/widget"
)

// The consent page says what is true of the access asked for: once or
// daily, until when, and whom to ask to withdraw.
func TestConsentTermsAreTrue(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.registerClient(t)
	day := func(d time.Duration) string { return e.clock.Now().Add(d).Format("2 January 2006") }
	tests := []struct {
		name      string
		access    string
		days      *int
		want, not []string
	}{
		{"one-time", aggregation.OneTime, nil, []string{"One time only", "until " + day(24*time.Hour), "contact Acme Lending"},
			[]string{"as they arrive", "refreshed daily", "once a day"}},
		{"recurring", aggregation.Recurring, new(30), []string{"30 days, until " + day(30*24*time.Hour),
			"and new ones as they arrive", "withdraw your consent at any time"}, []string{"One time only"}},
	}
	for _, tt := range tests {
		w := e.widgetWith(t, func(r *widgets.Request) { r.Access, r.ConsentDays = tt.access, tt.days })
		b := newBrowser(t, e.base)
		b.do("GET", w.URL, nil)
		doc := b.page(fmt.Sprintf("/widget/w/%d/consent?bank=embedded-scenario", w.Widget.ID), 200)
		text := strings.Join(strings.Fields(doc.Find("main").Text()), " ")
		for _, s := range tt.want {
			if !strings.Contains(text, s) {
				t.Errorf("%s: the consent page does not say %q: %s", tt.name, s, text)
			}
		}
		for _, s := range tt.not {
			if strings.Contains(text, s) {
				t.Errorf("%s: the consent page says %q", tt.name, s)
			}
		}
		if href := doc.Find("#withdraw a").AttrOr("href", ""); href != privacyPage {
			t.Errorf("%s: privacy page %q", tt.name, href)
		}
		if doc.Find("#leave").Length() != 1 {
			t.Errorf("%s: no Cancel and go back", tt.name)
		}
	}
}
