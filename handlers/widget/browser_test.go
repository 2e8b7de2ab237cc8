package widget_test

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

	"github.com/chromedp/chromedp"
)

// chromium is Debian's browser, which `make test` installs when missing.
const chromium = "/usr/bin/chromium"

// browser is one headless chromium shared by the package's tests, started
// with exactly the flags the suite allows and a fresh profile.
var chrome struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	dir    string
	err    error
}

func startBrowser() (context.Context, error) {
	chrome.once.Do(func() {
		chrome.dir, chrome.err = os.MkdirTemp("", "openbank-chromium-")
		if chrome.err != nil {
			return
		}
		alloc, cancel := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(chromium),
			chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.UserDataDir(chrome.dir))
		chrome.ctx, _ = chromedp.NewContext(alloc)
		chrome.cancel = cancel
		chrome.err = chromedp.Do(chrome.ctx)
	})
	return chrome.ctx, chrome.err
}

// stopBrowser ends chromium and removes its profile once the tests are done.
func stopBrowser() {
	if chrome.cancel != nil {
		chrome.cancel()
	}
	if chrome.dir != "" {
		os.RemoveAll(chrome.dir)
	}
}

// tab is one browser tab of a test at phone width; it screenshots every
// page it passes into the test's artifact directory.
type tab struct {
	t    *testing.T
	ctx  context.Context
	dir  string
	shot int
}

func newTab(t *testing.T) *tab {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("chromium is not installed; `make test` installs it")
	}
	shared, err := startBrowser()
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	// Each test gets its own browser context: cookies of one test's server
	// (same host, another port) never reach another's.
	ctx, cancel := chromedp.NewContext(shared, chromedp.WithNewBrowserContext())
	ctx, stop := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { stop(); cancel() })
	tb := &tab{t: t, ctx: ctx, dir: t.ArtifactDir()}
	tb.run(chromedp.EmulateViewport(360, 780))
	return tb
}

func (b *tab) run(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("browser: %v (at %s)", err, b.location())
	}
}

func (b *tab) location() string {
	loc, _ := chromedp.Run(b.ctx, chromedp.Location())
	return loc
}

// waitFor waits until selector matches on the current page, across the
// page's own reloads and redirects, then saves a screenshot named name.
func (b *tab) waitFor(selector, name string) {
	b.t.Helper()
	for deadline := time.Now().Add(45 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
		found, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector(%q)`, selector)))
		cancel()
		if err == nil && found {
			b.screenshot(name)
			return
		}
	}
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
	defer cancel()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : document.readyState`))
	b.t.Fatalf("%s never appeared (at %s: %q %v)", selector, b.location(), text, err)
}

func (b *tab) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	b.shot++
	if err := os.WriteFile(filepath.Join(b.dir, fmt.Sprintf("%02d-%s.png", b.shot, name)), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// landed waits for the client's landing page and returns its address.
func (b *tab) landed() *url.URL {
	b.t.Helper()
	b.waitFor("#landed", "landing")
	u := mustParse(b.t, b.location())
	if !strings.HasPrefix(u.String(), landing().URL) {
		b.t.Fatalf("landed on %s, not the client's site", u)
	}
	return u
}

// typeInto replaces the text of an input.
func typeInto(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.Clear(selector), chromedp.SendKeys(selector, text))
}

func click(selector string) chromedp.Action[chromedp.Void] { return chromedp.Click(selector) }
