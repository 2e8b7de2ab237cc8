package results_test

import (
	"context"
	"sync"
	"testing"

	"openbank/aggregation/results"
	"openbank/insight/report"
)

// TestReportPDFInTheAskedLanguage asks for the PDF report of one subject
// in French, then in English: two results, two links, each built by its
// job in its own language; asking for French again reuses the French link.
func TestReportPDFInTheAskedLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newResults(f)
	var mu sync.Mutex
	var printed []string
	r.RenderPDF = func(rep *report.Report) ([]byte, error) {
		mu.Lock()
		printed = append(printed, rep.RiskFlags[0].Label)
		mu.Unlock()
		return report.RenderPDF(rep)
	}
	ctx := context.Background()
	if _, err := f.svc.Upload(ctx, coffeeUpload(0)); err != nil {
		t.Fatal(err)
	}
	ask := func(locale string) *results.Link {
		a, err := r.Request(ctx, results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindReportPDF, Locale: locale})
		if err != nil || a.Link == nil {
			t.Fatalf("%s: %+v %v", locale, a, err)
		}
		return a.Link
	}
	fr, en := ask("fr"), ask("en")
	if fr.URI == en.URI {
		t.Fatal("the French and the English report share a link")
	}
	if again := ask("fr"); again.URI != fr.URI {
		t.Errorf("French again: %s, want %s", again.URI, fr.URI)
	}
	for _, err := range runBuilds(t, f, r) {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, link := range []*results.Link{fr, en} {
		file, err := download(t, r, link)
		if err != nil || file.Status != "ready" || file.ContentType != results.ContentPDF || len(file.Body) == 0 {
			t.Fatalf("download: %+v %v", file, err)
		}
	}
	if len(printed) != 2 || printed[0] == printed[1] ||
		!(printed[0] == "Jeux d’argent" || printed[1] == "Jeux d’argent") || !(printed[0] == "Gambling" || printed[1] == "Gambling") {
		t.Errorf("the builds printed %q, want one French and one English report", printed)
	}
}
