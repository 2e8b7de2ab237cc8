package web

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
)

// TestDocsReferenceKeepsATypedRequestId types a UUID into the X-Request-Id
// field of an operation of the reference and runs it twice: both calls
// carry that UUID, as a developer trying the documented replay needs,
// while a call left with the document's example gets a fresh one.
func TestDocsReferenceKeepsATypedRequestId(t *testing.T) {
	base, demo := startDocsServer(t)
	ctx, rec := newDocsTab(t)
	run := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("browser: %v", err)
		}
	}
	op := "#operations-providers-listProviders"
	run(chromedp.Navigate(base + "/docs/reference/aggregation-v3.12.0"))
	docsWaitFor(t, ctx, docsPresent(".btn.authorize")+` && !!document.querySelector("`+op+`")`, "01-reference")
	run(chromedp.Click(".btn.authorize"))
	docsWaitFor(t, ctx, docsPresent(`input[id^="client_id_"]`), "02-authorize")
	run(chromedp.SendKeys(`input[id^="client_id_"]`, demo.id),
		chromedp.SendKeys(`input[id^="client_secret_"]`, demo.secret),
		chromedp.Click(`.auth-btn-wrapper .authorize`))
	docsWaitFor(t, ctx, `[...document.querySelectorAll(".auth-btn-wrapper button")].some(b => b.textContent.trim() === "Logout")`, "03-authorized")
	run(chromedp.Click(".btn-done"), chromedp.Click(op+" .opblock-summary-control"))
	docsWaitFor(t, ctx, docsPresent(op+" .execute"), "04-operation")

	answers := op + ` .live-responses-table tr.response .response-col_status`
	execute := func(name string, n int) {
		t.Helper()
		run(chromedp.Click(op + " .execute"))
		for deadline := time.Now().Add(45 * time.Second); len(rec.requestIDs()) < n; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d API calls, want %d", name, len(rec.requestIDs()), n)
			}
		}
		docsWaitFor(t, ctx, docsPresent(answers), name)
	}
	execute("05-example", 1)
	typed := uuid.NewString()
	field := op + ` tr[data-param-name="X-Request-Id"] input`
	// Select the example the field holds, then type over it as a developer would.
	selectAll := fmt.Sprintf(`(() => { const i = document.querySelector(%q); i.focus(); i.select(); return true; })()`, field)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](selectAll)); err != nil {
		t.Fatal(err)
	}
	run(chromedp.SendKeys(field, typed))
	docsWaitFor(t, ctx, fmt.Sprintf(`document.querySelector(%q).value === %q`, field, typed), "06-typing")
	execute("07-typed", 2)
	execute("08-typed-again", 3)

	ids := rec.requestIDs()
	if len(ids) != 3 {
		t.Fatalf("the reference made %d API calls, want 3: %v", len(ids), ids)
	}
	if _, err := uuid.Parse(ids[0]); err != nil || ids[0] == "3f1c9a4e-8b2d-4f6a-9c1e-5d7b2a0e4c81" || ids[0] == typed {
		t.Errorf("the call with the example carried %q, not a fresh UUID", ids[0])
	}
	if ids[1] != typed || ids[2] != typed {
		t.Errorf("the calls after typing %s carried %q and %q", typed, ids[1], ids[2])
	}
}

// requestIDs is the X-Request-Id of each API call so far.
func (r *docsTraffic) requestIDs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ids...)
}
