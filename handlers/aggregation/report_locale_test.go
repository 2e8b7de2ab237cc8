package aggregation_test

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"

	"openbank/banks"
)

// localReport is what a test reads of a JSON report: the score, and the
// names and sentences the language changes.
type localReport struct {
	Score *struct {
		Value int     `json:"value"`
		PD12m float64 `json:"pd12m"`
	} `json:"score"`
	Categories []struct{ Code, Label string }       `json:"categories"`
	RiskFlags  []struct{ Code, Label, Text string } `json:"riskFlags"`
}

// getReport asks for a subject's JSON report with a query and an
// Accept-Language header, and checks the answer against the document.
func (a *insightAPI) getReport(subject, query, acceptLanguage string) (int, localReport) {
	a.t.Helper()
	req := httptest.NewRequest("GET", "/aggregation/v3.12.0/subjects/"+subject+"/reports"+query, nil)
	req.Header.Set("X-Test-Client", "client-a")
	req.Header.Set("X-Request-Id", uuid.NewString())
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	rec := httptest.NewRecorder()
	a.engine.ServeHTTP(rec, req)
	c, err := insightContract()
	if err == nil {
		err = c.Check(req, rec.Code, rec.Header(), rec.Body.Bytes())
	}
	if err != nil {
		a.t.Errorf("GET %s%s: %v", subject, query, err)
	}
	var r localReport
	if rec.Code == 200 {
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			a.t.Fatal(err)
		}
	}
	return rec.Code, r
}

// TestReportLanguage checks that the locale query parameter, else
// Accept-Language, chooses the language of a report's names and flags,
// that its codes and score are the same in every language, and that a
// malformed locale is refused.
func TestReportLanguage(t *testing.T) {
	t.Parallel()
	a := newSubjectsAPI(t)
	a.connectBank("client-a", "s", banks.ConsumerHighRisk)
	_, en := a.getReport("s", "", "")
	if en.Score == nil || len(en.Categories) == 0 {
		t.Fatalf("English report without a score or categories: %+v", en)
	}
	tests := []struct {
		name, query, acceptLanguage, gambling string
	}{
		{"query", "?locale=fr", "", "Jeux d’argent"},
		{"regional query", "?locale=de-CH", "", "Glücksspiel"},
		{"query before header", "?locale=it", "nl", "Gioco d’azzardo"},
		{"header", "", "es-ES,es;q=0.9", "Juego"},
		{"query not spoken, header", "?locale=pt", "nl-BE", "Kansspelen"},
		{"nothing spoken", "?locale=pt", "ja", "Gambling"},
		{"English again", "", "", "Gambling"},
	}
	for _, tt := range tests {
		status, got := a.getReport("s", tt.query, tt.acceptLanguage)
		if status != 200 {
			t.Fatalf("%s: status %d", tt.name, status)
		}
		if got.RiskFlags[0].Code != "gambling" || got.RiskFlags[0].Label != tt.gambling {
			t.Errorf("%s: first flag %+v, want the gambling flag named %q", tt.name, got.RiskFlags[0], tt.gambling)
		}
		if got.Score == nil || *got.Score != *en.Score {
			t.Errorf("%s: score %+v, English %+v", tt.name, got.Score, en.Score)
		}
		for i, c := range got.Categories {
			same := c.Label == en.Categories[i].Label
			if c.Code != en.Categories[i].Code || same != (tt.gambling == "Gambling") {
				t.Errorf("%s: category %+v, English %+v", tt.name, c, en.Categories[i])
			}
		}
	}
	if status, _ := a.getReport("s", "?locale=fr_FR", ""); status != 400 {
		t.Errorf("a malformed locale: status %d, want 400", status)
	}
}
