package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
)

// docsTraffic records every request the browser makes and every message its
// console logs.
type docsTraffic struct {
	mu       sync.Mutex
	requests []string
	logs     []string
	ids      []string // the X-Request-Id of each API call
}

func (r *docsTraffic) listen(ev any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		r.requests = append(r.requests, e.Request.URL)
		if strings.Contains(e.Request.URL, "/aggregation/") {
			id, _ := e.Request.Headers["X-Request-Id"].(string)
			r.ids = append(r.ids, id)
		}
	case *log.EventEntryAdded:
		r.logs = append(r.logs, e.Entry.Text)
	}
}

// foreign lists the requests to anything but base (data: URLs are inline).
func (r *docsTraffic) foreign(base string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, u := range r.requests {
		if !strings.HasPrefix(u, base+"/") && !strings.HasPrefix(u, "data:") {
			out = append(out, u)
		}
	}
	return out
}

func (r *docsTraffic) policyViolations() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.logs {
		if strings.Contains(l, "Content Security Policy") {
			out = append(out, l)
		}
	}
	return out
}

// newDocsTab starts chromium with a fresh profile and records its docsTraffic.
func newDocsTab(t *testing.T) (context.Context, *docsTraffic) {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("chromium is not installed; `make test` installs it")
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.UserDataDir(t.TempDir()))
	ctx, cancelCtx := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	rec := &docsTraffic{}
	if err := chromedp.Listen(ctx, rec.listen); err != nil {
		t.Fatal(err)
	}
	return ctx, rec
}

// waitFor waits until the script is true on the page, then screenshots it.
func docsWaitFor(t *testing.T, ctx context.Context, script, name string) {
	t.Helper()
	for deadline := time.Now().Add(45 * time.Second); time.Now().Before(deadline); time.Sleep(150 * time.Millisecond) {
		c, cancel := context.WithTimeout(ctx, 3*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](script))
		cancel()
		if err == nil && ok {
			docsScreenshot(t, ctx, name)
			return
		}
	}
	text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 2000) : ""`))
	t.Fatalf("%s: never true: %s (page: %q)", name, script, text)
}

func docsScreenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func docsPresent(selector string) string {
	return fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector(%q)`, selector)
}

func docsHost(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// TestDocsReferenceRunsARequest opens /docs as a developer would, enters the
// demo client's id and secret in the aggregation reference, runs GET
// /providers?countryCodes=XF and sees the seven mock banks, while the
// browser asks nothing of any other host and the page's policy holds.
func TestDocsReferenceRunsARequest(t *testing.T) {
	base, demo := startDocsServer(t)
	ctx, rec := newDocsTab(t)
	run := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("browser: %v", err)
		}
	}
	reference := `a[href="/docs/reference/aggregation-v3.12.0"]`
	run(chromedp.Navigate(base + "/docs"))
	docsWaitFor(t, ctx, docsPresent(reference), "01-developers")
	run(chromedp.Click(reference))
	docsWaitFor(t, ctx, docsPresent(".btn.authorize")+` && !!document.querySelector("#operations-providers-listProviders")`, "02-reference")

	run(chromedp.Click(".btn.authorize"))
	docsWaitFor(t, ctx, docsPresent(`input[id^="client_id_"]`), "03-authorize")
	run(chromedp.SendKeys(`input[id^="client_id_"]`, demo.id),
		chromedp.SendKeys(`input[id^="client_secret_"]`, demo.secret),
		chromedp.Click(`.auth-btn-wrapper .authorize`))
	docsWaitFor(t, ctx, `[...document.querySelectorAll(".auth-btn-wrapper button")].some(b => b.textContent.trim() === "Logout")`, "04-authorized")
	run(chromedp.Click(".btn-done"))

	run(chromedp.Click("#operations-providers-listProviders .opblock-summary-control"))
	docsWaitFor(t, ctx, docsPresent("#operations-providers-listProviders .execute"), "05-operation")
	run(chromedp.Click("#operations-providers-listProviders .execute"))
	docsWaitFor(t, ctx, `!!document.querySelector("#operations-providers-listProviders .live-responses-table tr.response .response-col_status")`, "06-answer")

	status, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`document.querySelector("#operations-providers-listProviders .live-responses-table tr.response .response-col_status").textContent.trim()`))
	if err != nil || status != "200" {
		t.Fatalf("the reference got %q (%v), want 200", status, err)
	}
	body, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`document.querySelector("#operations-providers-listProviders .live-responses-table tr.response .response-col_description").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(body, `"code":`); n != 7 {
		t.Errorf("the answer lists %d banks, want the seven mock banks: %s", n, body)
	}
	for _, bank := range []string{"redirect-scenario", "embedded-scenario", "consumer-high-risk"} {
		if !strings.Contains(body, bank) {
			t.Errorf("the answer lacks %s", bank)
		}
	}
	checkTraffic(t, rec, base)
}

// checkTraffic asserts that every request went to base, that the token and
// the API call were among them, and that no policy was broken.
func checkTraffic(t *testing.T, rec *docsTraffic, base string) {
	t.Helper()
	if foreign := rec.foreign(base); len(foreign) > 0 {
		t.Errorf("the browser asked other hosts than %s: %v", docsHost(t, base), foreign)
	}
	rec.mu.Lock()
	all := strings.Join(rec.requests, "\n")
	rec.mu.Unlock()
	for _, want := range []string{base + "/oauth2/token", base + "/aggregation/v3.12.0/providers?countryCodes=XF"} {
		if !strings.Contains(all, want) {
			t.Errorf("the browser never requested %s:\n%s", want, all)
		}
	}
	rec.mu.Lock()
	ids := rec.ids
	rec.mu.Unlock()
	for _, id := range ids {
		if _, err := uuid.Parse(id); err != nil || id == "3f1c9a4e-8b2d-4f6a-9c1e-5d7b2a0e4c81" {
			t.Errorf("an API call carried X-Request-Id %q, not a fresh UUID", id)
		}
	}
	if len(ids) == 0 {
		t.Error("no API call was seen")
	}
	if v := rec.policyViolations(); len(v) > 0 {
		t.Errorf("the page broke its Content-Security-Policy: %v", v)
	}
}
