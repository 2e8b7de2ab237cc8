package web

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDocsPagesFitTheirWidth opens the developer pages at a laptop's width
// and a phone's, every operation of the references expanded with its
// examples, and checks that no code block widens the page: a long command
// or example wraps or scrolls inside its own box.
func TestDocsPagesFitTheirWidth(t *testing.T) {
	base, _ := startDocsServer(t)
	ctx, _ := newDocsTab(t)
	// Opens every operation, then waits until each shows its answers.
	expand := `document.querySelectorAll(".opblock-summary-control").forEach(b => b.click()); true`
	expanded := `document.querySelectorAll(".opblock").length > 0 &&
		document.querySelectorAll(".opblock.is-open .responses-wrapper").length === document.querySelectorAll(".opblock").length`
	pages := []struct {
		name, path, ready string
		expand            bool
	}{
		{"developers", "/docs", docsPresent("pre[data-copy]"), false},
		{"callback", "/docs/callback?code=" + longCode, docsPresent("pre"), false},
		{"aggregation", "/docs/reference/aggregation-v3.12.0", docsPresent("#operations-providers-listProviders"), true},
		{"gateway", "/docs/reference/gateway-v1.1.0", docsPresent(".opblock"), true},
	}
	for _, width := range []int64{1280, 390} {
		for _, p := range pages {
			name := fmt.Sprintf("width-%d-%s", width, p.name)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate(base+p.path)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			docsWaitFor(t, ctx, p.ready, name+"-loaded")
			if p.expand {
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expand)); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				// No full-page screenshot: the expanded reference is too tall for one.
				docsUntil(t, ctx, expanded, name)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int64](`[document.documentElement.scrollWidth, window.innerWidth]`))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got[0] > got[1] {
				t.Errorf("%s: the page is %d px wide in a %d px window", name, got[0], got[1])
			}
		}
	}
}

// longCode is an authorization code as long as a real one, which the
// callback page prints inside a command.
const longCode = "eyJhbGciOiJFUzI1NiIsImtpZCI6ImNvZGUifQ.eyJzdWIiOiJkZW1vIiwiY2xpZW50X2lkIjoiZGVtby1jbGllbnQiLCJleHAiOjE3NzMyMTk2MDB9.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2lnbmF0dXJl"

// docsUntil waits until the script is true on the page. Each evaluation
// runs on the tab's own context: a page busy rendering every operation may
// take long to answer, and the test's deadline bounds it.
func docsUntil(t *testing.T, ctx context.Context, script, name string) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script)); err == nil && ok {
			return
		}
	}
	t.Fatalf("%s: never true: %s", name, script)
}
