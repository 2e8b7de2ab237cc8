package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"openbank/gateway"
	"openbank/store"
)

// chromium is Debian's browser, which `make test` installs when missing.
const chromium = "/usr/bin/chromium"

// consoleTab is a headless chromium tab of one test. Its screenshots go to
// the test's artifact directory, or to docs/img/console when
// UPDATE_SCREENSHOTS is set (how the documentation's images are made).
type consoleTab struct {
	t   *testing.T
	ctx context.Context
	dir string
}

func newConsoleTab(t *testing.T) *consoleTab {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("chromium is not installed; `make test` installs it")
	}
	profile := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile))
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, stop := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { stop(); cancel(); cancelAlloc() })
	dir := t.ArtifactDir()
	if os.Getenv("UPDATE_SCREENSHOTS") != "" {
		dir = filepath.Join("..", "docs", "img", "console")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tab := &consoleTab{t: t, ctx: ctx, dir: dir}
	tab.run(chromedp.EmulateViewport(1280, 900))
	return tab
}

func (b *consoleTab) run(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		loc, _ := chromedp.Run(b.ctx, chromedp.Location())
		b.t.Fatalf("browser: %v (at %s)", err, loc)
	}
}

// waitFor waits until selector matches on a loaded page.
func (b *consoleTab) waitFor(selector string) {
	b.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
		found, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector(%q)`, selector)))
		cancel()
		if err == nil && found {
			return
		}
	}
	text, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	loc, _ := chromedp.Run(b.ctx, chromedp.Location())
	b.t.Fatalf("%s never appeared (at %s: %q)", selector, loc, text)
}

// text is the text of the first element selector matches.
func (b *consoleTab) text(selector string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).innerText`, selector)))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}

// setValue sets an input's value as a script would (chromium's date
// pickers take no typed keys).
func (b *consoleTab) setValue(selector, value string) {
	b.t.Helper()
	js := fmt.Sprintf(`(document.querySelector(%q).value = %q) !== ""`, selector, value)
	if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](js)); err != nil {
		b.t.Fatal(err)
	}
}

// shoot saves the page at a desktop's 1280 px and a phone's 360 px.
func (b *consoleTab) shoot(name string) {
	b.t.Helper()
	for _, width := range []int64{1280, 360} {
		b.run(chromedp.EmulateViewport(width, 900))
		png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			b.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(b.dir, fmt.Sprintf("%s-%d.png", name, width)), png, 0o644); err != nil {
			b.t.Fatal(err)
		}
	}
	b.run(chromedp.EmulateViewport(1280, 900))
}

// signIn goes through the own issuer's sign-in page; the console is
// first-party, so no consent page follows.
func (b *consoleTab) signIn(base, username, password string) {
	b.t.Helper()
	b.run(chromedp.Navigate(base + "/admin/"))
	b.waitFor("#username")
	b.run(chromedp.SendKeys("#username", username), chromedp.SendKeys("#password", password), chromedp.Click(`form button[type=submit]`))
}

// seedShowcases gives the list a few owners' showcases.
func seedShowcases(t *testing.T, st *store.Store) {
	t.Helper()
	gw := &gateway.Service{Store: st, Clock: time.Now, Limits: gateway.DefaultLimits()}
	for i, owner := range []string{"alice", "alice", "bob", "client:acme-lending", "carol"} {
		name, to := fmt.Sprintf("budget-%02d", i+1), time.Date(2027, time.Month(i+1), 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
		if _, err := gw.CreateShowcase(context.Background(), store.Viewer{Subject: owner}, gateway.NewShowcase{Name: &name, ValidTo: &to}); err != nil {
			t.Fatal(err)
		}
	}
}
