package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/report"
)

var updateReportPNG = flag.Bool("update-report-png", false,
	"rewrite testdata/report_page1.png, the first page of a report rendered at 60 dpi for the docs")

// TestRenderPDFStable checks that a report prints to the same bytes every
// time, also after a JSON round trip, dated when it was generated.
func TestRenderPDFStable(t *testing.T) {
	r := bankReport(t, banks.ConsumerMultiAccount, ledger.ConsumerSubject, 11)
	first := mustRender(t, r)
	if second := mustRender(t, r); !bytes.Equal(first, second) {
		t.Fatal("two prints of the same report differ")
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back report.Report
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, mustRender(t, &back)) {
		t.Error("the report read back from JSON prints differently")
	}
	if !bytes.Contains(first, []byte("D:20261115143000")) {
		t.Error("the document is not dated when the report was generated")
	}
}

// TestRenderPDFText checks that text outside Latin-1 prints without an error.
func TestRenderPDFText(t *testing.T) {
	r := personaReport(t, ledger.ConsumerSubject, 0.5, 2)
	r.Subject.ID = "Łódź 東京 Zoë – ✓"
	r.Accounts[0].Name = "Compte à vue – ₿ wallet 💰"
	if pdf := mustRender(t, r); !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("not a PDF: %q", pdf[:min(len(pdf), 16)])
	}
}

// TestRenderPDFShortHistory checks a report of six weeks of history.
func TestRenderPDFShortHistory(t *testing.T) {
	accounts, txs, err := banks.GeneratePersona(banks.PersonaConsumer, 0.3, 4, scoreNow)
	if err != nil {
		t.Fatal(err)
	}
	recent := txs[:0]
	for _, tx := range txs {
		if scoreNow.Sub(tx.BookingDate) < 42*24*time.Hour {
			recent = append(recent, tx)
		}
	}
	r := labelledReport(t, "short", ledger.ConsumerSubject, accounts, recent)
	if len(r.BalanceTimeline) > 42 || len(r.Monthly) != 1 {
		t.Errorf("%d days and %d months in six weeks", len(r.BalanceTimeline), len(r.Monthly))
	}
	mustRender(t, r)
}

// TestRenderPDFPages rasterises a report with poppler's pdftoppm and checks
// that it has at least two pages and that none is blank: the last, which
// may end a long list with a few rows, needs less ink than the others.
func TestRenderPDFPages(t *testing.T) {
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftoppm is not installed: install poppler-utils")
		}
		t.Skip("pdftoppm is not installed (package poppler-utils); set CI to make this an error")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "report.pdf")
	pdf := mustRender(t, personaReport(t, ledger.ConsumerSubject, 1, 1))
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tool, "-r", "50", "-png", file, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	pages, err := filepath.Glob(filepath.Join(dir, "page-*.png"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 2 {
		t.Fatalf("%d pages, want at least 2", len(pages))
	}
	for i, page := range pages {
		least := 0.04
		if i == len(pages)-1 {
			least = 0.01
		}
		if ink := inkShare(t, page); ink < least {
			t.Errorf("%s: %.1f%% of pixels are not white, want at least %.0f%%", filepath.Base(page), ink*100, least*100)
		}
	}
	if *updateReportPNG {
		writeSamplePage(t, tool, file)
	}
}

// writeSamplePage renders the first page of a PDF at 60 dpi into testdata.
func writeSamplePage(t *testing.T, tool, file string) {
	out := filepath.Join(t.TempDir(), "sample")
	if msg, err := exec.Command(tool, "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile", file, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, msg)
	}
	data, err := os.ReadFile(out + ".png")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/report_page1.png", data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// inkShare is the share of a PNG's pixels that are not near white.
func inkShare(t *testing.T, file string) float64 {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return nonWhite(img)
}

// nonWhite counts the pixels of an image darker than near white.
func nonWhite(img image.Image) float64 {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xF000 || g < 0xF000 || bl < 0xF000 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// mustRender prints a report or fails the test.
func mustRender(t *testing.T, r *report.Report) []byte {
	t.Helper()
	pdf, err := report.RenderPDF(r)
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}
