package web

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"openbank/oauth"
)

// TestConsoleRecordsInABrowser lists, adds, changes and deletes a
// showcase's reminders, opens a subject's analytics with its three charts
// and makes and downloads its PDF report, all without a script of the
// console's own.
func TestConsoleRecordsInABrowser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	seedShowcases(t, in.st)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Name: "Acme Lending"})
	connectSubject(t, a, "subject-42", "user")
	b := newConsoleTab(t)
	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")

	b.run(chromedp.Navigate(in.base + "/admin/showcases/budget-01"))
	b.waitFor(`a[href$="/reminders"]`)
	b.run(chromedp.Click(`a[href$="/reminders"]`))
	b.waitFor("#relevance")
	for i, relevance := range []string{"3", "8", "5"} {
		b.run(chromedp.SendKeys("#relevance", relevance), chromedp.Click(`#new-reminder + form button[type=submit]`))
		b.waitFor(fmt.Sprintf(`#reminder-total[data-total="%d"]`, i+1))
	}
	b.shoot("reminders")
	b.run(chromedp.Click(`#reminders tbody tr:first-child a.button`))
	b.waitFor("#text-idx")
	b.run(chromedp.SetValue("#relevance", "11"), chromedp.SetValue("#text-idx", "4"), chromedp.Click(`form.form button[type=submit]`))
	b.waitFor("#reminders")
	if got := b.text("#reminders tbody tr:first-child"); !strings.Contains(got, "11") || !strings.Contains(got, "4:") {
		t.Fatalf("changed reminder: %q", got)
	}
	b.run(chromedp.Click(`#reminders tbody tr:first-child button.danger`))
	b.waitFor(`#reminder-total[data-total="2"]`)
	if got := b.text(".flash"); !strings.Contains(got, "deleted") {
		t.Fatalf("after delete: %q", got)
	}

	b.run(chromedp.Navigate(in.base + "/admin/aggregation?client=" + cl.id))
	b.waitFor("#connections")
	b.run(chromedp.Click(`#connections tbody a[href*="/subjects/"]`))
	b.waitFor("#categories-chart svg")
	for _, chart := range []string{"#balance-chart svg path", "#flows-chart svg rect", "#categories-chart svg rect"} {
		b.waitFor(chart)
	}
	b.shoot("subject")
	b.run(chromedp.Click("#make-pdf"))
	b.waitFor("#download-pdf")
	b.shoot("report")
	link := b.attribute("#download-pdf", "href")
	if pdf := fetchPDF(t, link); !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("download: %.40q", pdf)
	}
}

// attribute is an attribute of the first element selector matches.
func (b *consoleTab) attribute(selector, name string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).getAttribute(%q)`, selector, name)))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}
