package widget_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core, vendored for the tests only (testdata/axe-core).
var axeSource = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "axe-core", "axe.min.js"))
	return string(b), err
})

// axeRun checks the page against axe-core's rules (WCAG 2.x A and AA and
// best practices) and answers the violations as JSON.
const axeRun = `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v =>
	({id: v.id, impact: v.impact || "", help: v.help, targets: v.nodes.map(n => n.target.join(" "))}))))`

// violation is one rule of axe-core the page breaks.
type violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// widths are the screen widths every page is shown at: a small phone and
// a laptop.
var widths = []int64{360, 1280}

// show checks the current page with axe-core (a serious or critical
// violation fails the test) and saves it at each width: under
// docs/img/widget when UPDATE_SCREENSHOTS=1, else in the test's artifacts.
func (b *tab) show(name string) {
	b.t.Helper()
	b.audit(name)
	dir := b.dir
	if os.Getenv("UPDATE_SCREENSHOTS") == "1" {
		dir = filepath.Join("..", "..", "docs", "img", "widget")
	}
	for _, w := range widths {
		b.run(chromedp.EmulateViewport(w, 800))
		png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			b.t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w)), png, 0o644); err != nil {
			b.t.Fatal(err)
		}
	}
	b.run(chromedp.EmulateViewport(360, 780))
}

// audit runs axe-core on the current page.
func (b *tab) audit(name string) {
	b.t.Helper()
	src, err := axeSource()
	if err != nil {
		b.t.Fatalf("axe-core: %v", err)
	}
	loaded, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`typeof axe === "object"`))
	if err == nil && !loaded {
		_, err = chromedp.Run(b.ctx, chromedp.Evaluate[chromedp.Void](src))
	}
	if err != nil {
		b.t.Fatalf("%s: loading axe-core: %v", name, err)
	}
	raw, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](axeRun, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: axe-core: %v", name, err)
	}
	var found []violation
	if err := json.Unmarshal([]byte(raw), &found); err != nil {
		b.t.Fatalf("%s: axe-core answer: %v", name, err)
	}
	for _, v := range found {
		msg := fmt.Sprintf("%s: %s (%s): %s at %s", name, v.ID, v.Impact, v.Help, strings.Join(v.Targets, ", "))
		if v.Impact == "serious" || v.Impact == "critical" {
			b.t.Error(msg)
		} else {
			b.t.Log(msg)
		}
	}
}
