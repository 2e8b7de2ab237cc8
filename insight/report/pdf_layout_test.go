package report_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/report"
)

// TestRenderPDFLayout reads the text of a printed report page by page with
// poppler's pdftotext: the summary comes first, the detail after it, and the
// transactions of the last 90 days continue over pages under a repeated
// header, from the newest to the oldest.
func TestRenderPDFLayout(t *testing.T) {
	r := bankReport(t, banks.ConsumerHighRisk, ledger.ConsumerSubject, 3)
	pages := pdfPages(t, mustRender(t, r))
	for _, title := range []string{"Data freshness and quality", "Accounts", "Score", "Risk flags"} {
		if !strings.Contains(pages[0], title) {
			t.Errorf("page 1 lacks %q", title)
		}
	}
	all := strings.Join(pages, "\f")
	if at, figures := strings.Index(all, "What lies behind the summary"), strings.Index(all, "Key figures"); at < figures {
		t.Fatalf("the detail (at %d) does not follow the key figures (at %d)", at, figures)
	}
	detail := pageOf(pages, "What lies behind the summary")
	for _, title := range []string{"Income sources", "Lenders, buy now pay later and payday lenders", "Recurring payments",
		"Returned payments", "Fees", "Days below zero", "Gambling", "Debt collectors"} {
		if p := pageOf(pages[detail:], title); p < 0 {
			t.Errorf("no section %q in the detail", title)
		}
	}
	list := pageOf(pages, "Transactions of the last 90 days")
	heads := 0
	for _, page := range pages[max(0, list):] {
		if strings.Contains(page, "Description") && strings.Contains(page, "Category") {
			heads++
		}
	}
	if list < 0 || heads < 3 {
		t.Errorf("the transaction list starts on page %d and has a header on %d pages, want 3 or more", list+1, heads)
	}
	newest, oldest := r.Transactions[0], r.Transactions[len(r.Transactions)-1]
	if !strings.Contains(pages[list], newest.Description[:16]) || !strings.Contains(pages[len(pages)-1], oldest.Description[:16]) {
		t.Errorf("the list does not run from %q on page %d to %q on the last page", newest.Description, list+1, oldest.Description)
	}
}

// TestRenderPDFNotScoredAndStale checks that a report of stale data says so
// on its first page, beside why there is no score, and that it marks the
// uncertain bets.
func TestRenderPDFNotScoredAndStale(t *testing.T) {
	r, err := report.BuildReport("s", smallLedger(), day(60), day(60))
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != nil || r.NotScoredReason == nil {
		t.Fatalf("a short history scored %v", r.Score)
	}
	pages := pdfPages(t, mustRender(t, r))
	for _, want := range []string{r.NotScoredReason.Text(), "49 days before this report",
		"The newest transaction is 49 days old"} {
		if p := pageOf(pages, want); p != 0 {
			t.Errorf("%q on page %d, want 1", want, p+1)
		}
	}
	if pageOf(pages, "CASINO (uncertain)") < 0 {
		t.Error("the uncertain bets are not marked")
	}
}

// rowDate finds the date that opens a row of the transaction list: "02 Jan 26".
var rowDate = regexp.MustCompile(`(?m)^\s*\d{2} [A-Z][a-z]{2} \d{2}\s`)

// pdfPages is the text of each page of a PDF, as pdftotext lays it out.
func pdfPages(t *testing.T, pdf []byte) []string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext is not installed: install poppler-utils")
		}
		t.Skip("pdftotext is not installed (package poppler-utils); set CI to make this an error")
	}
	file := filepath.Join(t.TempDir(), "report.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-layout", "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
}

// pageOf is the index of the first page holding text, -1 when none does.
func pageOf(pages []string, text string) int {
	return slices.IndexFunc(pages, func(p string) bool { return strings.Contains(p, text) })
}

// TestRenderPDFTransactionCap checks that a PDF stops its transaction list
// at pdfTransactions rows and says that the JSON report lists them all.
func TestRenderPDFTransactionCap(t *testing.T) {
	r := bankReport(t, banks.ConsumerLowRisk, ledger.ConsumerSubject, 2)
	for len(r.Transactions) <= 1600 {
		r.Transactions = append(r.Transactions, r.Transactions...)
	}
	pages := pdfPages(t, mustRender(t, r))
	want := fmt.Sprintf("The 1500 newest of %d transactions; the JSON report lists them all.", len(r.Transactions))
	if pageOf(pages, want) < 0 {
		t.Errorf("the PDF does not say %q", want)
	}
	if n := len(rowDate.FindAllString(strings.Join(pages, "\n"), -1)); n != 1500 {
		t.Errorf("%d transaction rows printed, want 1500", n)
	}
}
