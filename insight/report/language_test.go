package report_test

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/i18n"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/train"
)

// englishHeadings are words of the English PDF that no other language's
// PDF may keep: its title, section headings, column heads and legends.
var englishHeadings = []string{"Account analysis report", "Data freshness and quality", "Newest transaction",
	"Risk flags", "Key figures", "Spending by category", "Money in and money out", "Balance of all accounts",
	"Income sources", "Recurring payments", "Returned payments", "Days below zero", "Debt collectors",
	"Transactions of the last 90 days", "What cost the most points", "Points lost", "Last 365 days",
	"Generated ", "Page 1 of", "Current account", "Consumer", "Payer", "Lowest balance", "Money out"}

// TestReportInEveryLanguage builds the report of one ledger in every
// language: its codes, score and figures are the English report's, its
// category names, flags and key figures' labels are not, and its PDF keeps
// no English heading and prints the language's accented letters.
func TestReportInEveryLanguage(t *testing.T) {
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		bank := banks.ConsumerHighRisk
		if kind == ledger.BusinessSubject {
			bank = banks.BusinessHighRisk
		}
		accounts, txs := bankData(t, bank, 2)
		t.Run(string(kind), func(t *testing.T) {
			inEveryLanguage(t, train.LedgerFromBank(kind, accounts, txs, nil))
		})
	}
}

// inEveryLanguage checks the reports of a ledger in the languages besides English.
func inEveryLanguage(t *testing.T, l *ledger.Ledger) {
	en, err := report.BuildReport("s", l, scoreNow, reportGenerated)
	if err != nil {
		t.Fatal(err)
	}
	accented := map[string]string{"fr": "Opérations des 90 derniers jours", "de": "Glücksspiel",
		"es": "Señales de riesgo", "it": "Transazione più recente", "nl": "risicocategorieën"}
	for _, lang := range i18n.Languages[1:] {
		t.Run(lang, func(t *testing.T) {
			r, err := report.BuildReportIn(lang, "s", l, scoreNow, reportGenerated)
			if err != nil {
				t.Fatal(err)
			}
			sameNumbers(t, en, r)
			text := strings.Join(pdfPages(t, mustRender(t, r)), "\n")
			for _, h := range englishHeadings {
				if strings.Contains(text, h) {
					t.Errorf("the PDF keeps the English %q", h)
				}
			}
			for _, want := range []string{accented[lang], i18n.For(lang).Text("report.pdf.title")} {
				if !strings.Contains(text, want) {
					t.Errorf("the PDF lacks %q", want)
				}
			}
		})
	}
}

// sameNumbers checks that a report in another language has the English
// report's codes, score, points and amounts, and names and reasons of its own.
func sameNumbers(t *testing.T, en, r *report.Report) {
	t.Helper()
	if en.Score == nil || r.Score == nil || len(en.Score.Reasons) == 0 || en.Categorisation != r.Categorisation ||
		len(en.Categories) != len(r.Categories) {
		t.Fatalf("no score, or categorisation or categories differ: %+v %+v", en.Score, r.Score)
	}
	score := *r.Score
	score.Reasons = en.Score.Reasons
	if !reflect.DeepEqual(*en.Score, score) || len(r.Score.Reasons) != len(en.Score.Reasons) {
		t.Errorf("score %+v, English %+v", r.Score, en.Score)
	}
	for i, reason := range r.Score.Reasons {
		e := en.Score.Reasons[i]
		if reason.Code != e.Code || reason.PointsLost != e.PointsLost || reason.Text == e.Text ||
			!slices.Equal(figures(reason.Text), figures(e.Text)) {
			t.Errorf("reason %+v, English %+v", reason, e)
		}
	}
	for i, c := range r.Categories {
		e := en.Categories[i]
		if c.Code != e.Code || c.Amount != e.Amount || c.Share != e.Share || c.Label == e.Label {
			t.Errorf("category %+v, English %+v", c, e)
		}
	}
	for i, f := range r.RiskFlags {
		e := en.RiskFlags[i]
		if f.Code != e.Code || f.Present != e.Present || f.Count != e.Count || f.Amount != e.Amount ||
			f.Label == e.Label || f.Text == e.Text {
			t.Errorf("flag %+v, English %+v", f, e)
		}
	}
	for i, k := range r.KPIs {
		if k.Code != en.KPIs[i].Code || k.Label == en.KPIs[i].Label {
			t.Errorf("key figure %+v, English %+v", k, en.KPIs[i])
		}
	}
}

// digits are the runs of digits of a text once the marks that group them
// and separate their decimals are taken out.
var (
	digits    = regexp.MustCompile(`[0-9]+`)
	numerical = strings.NewReplacer(",", "", ".", "", "\u00a0", "", "\u202f", "")
)

// figures are the numbers a sentence writes, in order, whatever the
// language's marks: "-19,992" and "-19.992" are both "19992".
func figures(text string) []string { return digits.FindAllString(numerical.Replace(text), -1) }
