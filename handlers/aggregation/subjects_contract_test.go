package aggregation_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/aggregation/results"
	"openbank/banks"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// newSubjectsAPI serves the aggregation API as the server mounts it, the
// uploads and the insight operations on subjects included, for callers
// granted every product; redirect banks return to https://app.example.
func newSubjectsAPI(t *testing.T) *insightAPI {
	t.Helper()
	db := storetest.NewDB(t)
	st := store.New(db)
	categoriser, err := aggregation.NewInsight(st)
	if err != nil {
		t.Fatal(err)
	}
	svc := &aggregation.Service{Store: st, Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: origins{"client-a": {"https://app.example"}}, Clock: time.Now, PublicURL: "http://openbank.test",
		Categoriser: categoriser}
	res := &results.Service{Store: st, Clock: time.Now,
		Links: results.LinkSigner{Base: "http://openbank.test", Keys: [][]byte{[]byte("key")}}}
	h := aggapi.New(svc)
	e := gin.New()
	g := e.Group("/aggregation/v3.12.0", grant(oauth.ProductAggregation, oauth.ProductUpload, oauth.ProductInsight), h.Track)
	h.Mount(g)
	h.MountUploads(g)
	h.MountInsight(g)
	(&aggapi.Subjects{Results: res}).Mount(g)
	return &insightAPI{t: t, engine: e, svc: svc, db: db}
}

// connectBank connects client's subject to a mock bank through the API,
// completing a redirect bank's SCA as its page does, and runs the fetch.
func (a *insightAPI) connectBank(client, subject, bank string) {
	a.t.Helper()
	body := map[string]any{"subjectId": subject, "provider": bank, "returnTo": "https://app.example/back"}
	if bank == banks.EmbeddedScenario {
		body["credentials"] = map[string]string{"username": "user", "password": banks.TestPassword}
	}
	r := a.send(client, "POST", "/connections", "", body)
	if r.status != 201 {
		a.t.Fatalf("connect %s: %d %v", bank, r.status, r.body)
	}
	if link, _ := r.body["scaRedirectUrl"].(string); link != "" {
		u, err := url.Parse(link)
		if err != nil {
			a.t.Fatal(err)
		}
		page, err := a.svc.OpenSCAPage(a.t.Context(), bank, u.Query().Get("token"))
		if err != nil {
			a.t.Fatalf("%s: %v", bank, err)
		}
		creds := banks.Credentials{Username: "user", Password: banks.TestPassword}
		if _, err := a.svc.SubmitSCAPage(a.t.Context(), page, creds, false); err != nil {
			a.t.Fatalf("%s: %v", bank, err)
		}
	}
	a.runFetches()
}

// uploadMonths uploads for client's subject a year of a monthly salary, a
// monthly rent, a monthly payment to a debt collector and one to MYSTERY
// CLUB, whose stored categories are then taken away: the analytics count
// them uncategorised.
func (a *insightAPI) uploadMonths(client, subject, kind string) {
	a.t.Helper()
	var txs []map[string]any
	day := time.Now().UTC().AddDate(-1, 0, 0)
	for m := range 12 {
		d := day.AddDate(0, m, 0).Format(time.DateOnly)
		txs = append(txs,
			map[string]any{"date": d, "amount": "2450.00", "description": "BGC ACME LOGISTICS LTD SALARY"},
			map[string]any{"date": d, "amount": "-950.00", "description": "STANDING ORDER HOMELY LETTINGS RENT"},
			map[string]any{"date": d, "amount": "-30.00", "description": "STANDING ORDER LOWELL FINANCIAL REF 88120"},
			map[string]any{"date": d, "amount": "-45.00", "description": "DIRECT DEBIT MYSTERY CLUB"})
	}
	r := a.send(client, "POST", "/uploads", "", map[string]any{"subjectId": subject, "kind": kind,
		"accounts": []map[string]any{{"name": "Main", "currency": "GBP", "iban": "GB82 WEST 1234 5698 7654 32",
			"balance": "1520.07", "transactions": txs}}})
	if r.status != 201 {
		a.t.Fatalf("upload: %d %v", r.status, r.body)
	}
	a.db.MustExec(`UPDATE transactions SET category = NULL, category_confidence = NULL WHERE description LIKE '%MYSTERY CLUB%'`)
}

// uploadTwoCurrencies uploads for client's subject a month of a pound
// account, with a row dated tomorrow, and a euro account: too short a
// history to score, and two currencies to keep apart.
func (a *insightAPI) uploadTwoCurrencies(client, subject string) {
	a.t.Helper()
	today := time.Now().UTC()
	var gbp []map[string]any
	for d := range 30 {
		gbp = append(gbp, map[string]any{"date": today.AddDate(0, 0, -d).Format(time.DateOnly), "amount": "-12.40",
			"description": "CARD PAYMENT TESCO STORES 2231"})
	}
	gbp = append(gbp, map[string]any{"date": today.AddDate(0, 0, 1).Format(time.DateOnly), "amount": "2450.00",
		"description": "BGC ACME LOGISTICS LTD SALARY"})
	eur := []map[string]any{{"date": today.AddDate(0, 0, -3).Format(time.DateOnly), "amount": "-54.10",
		"description": "ACHAT CB CARREFOUR PARIS"}}
	r := a.send(client, "POST", "/uploads", "", map[string]any{"subjectId": subject, "kind": "consumer",
		"accounts": []map[string]any{
			{"name": "Main", "currency": "GBP", "balance": "820.00", "transactions": gbp},
			{"name": "Compte", "currency": "EUR", "iban": "FR76 3000 6000 0112 3456 7890 189", "balance": "310.00", "transactions": eur}}})
	if r.status != 201 {
		a.t.Fatalf("upload: %d %v", r.status, r.body)
	}
}

// subjectAnswer is a 200 of an analytics or report call, kept to be
// checked again against an altered document.
type subjectAnswer struct {
	req    *http.Request
	header http.Header
	body   []byte
}

// getSubject asks for a subject's analytics or report, checks the answer
// against the document and returns it.
func (a *insightAPI) getSubject(client, path string) (int, subjectAnswer) {
	a.t.Helper()
	req := httptest.NewRequest("GET", "/aggregation/v3.12.0"+path, nil)
	req.Header.Set("X-Test-Client", client)
	req.Header.Set("X-Request-Id", uuid.NewString())
	rec := httptest.NewRecorder()
	a.engine.ServeHTTP(rec, req)
	c, err := insightContract()
	if err == nil {
		err = c.Check(req, rec.Code, rec.Header(), rec.Body.Bytes())
	}
	if err != nil {
		a.t.Errorf("GET %s: %v", path, err)
	}
	return rec.Code, subjectAnswer{req: req, header: rec.Header(), body: rec.Body.Bytes()}
}

// TestSubjectAnswersFollowTheDocument reads the analytics and the JSON
// report of subjects of every mock bank, of an uploaded business and of a
// subject without transactions; every answer must follow the document,
// whose analytics and report objects declare every field and allow no
// other. Then each property the document declares is taken out of it in
// turn: some answer must break the altered document, which shows both that
// an undeclared field fails the check and that the server sends every
// declared field.
func TestSubjectAnswersFollowTheDocument(t *testing.T) {
	t.Parallel()
	a := newSubjectsAPI(t)
	for _, bank := range []string{banks.ConsumerLowRisk, banks.ConsumerHighRisk, banks.ConsumerMultiAccount,
		banks.BusinessLowRisk, banks.BusinessHighRisk, banks.EmbeddedScenario} {
		a.connectBank("client-a", bank, bank)
	}
	a.uploadMonths("client-a", "uploaded", "business")
	a.uploadMonths("client-a", "emptied", "consumer")
	a.uploadTwoCurrencies("client-a", "two-currencies")
	a.db.MustExec(`DELETE FROM transactions WHERE account_id IN (SELECT a.id FROM accounts a
		JOIN connections c ON c.id = a.connection_id WHERE c.subject_id = 'emptied')`)

	// The rarer values the document allows, which these subjects must show.
	rare := map[string][]string{
		"/subjects/uploaded/analytics":       {`"category":"uncategorised"`, `"category":""`},
		"/subjects/uploaded/reports":         {`"debtCollectors":[{"name":`},
		"/subjects/emptied/analytics":        {`"score":null`, `"notScoredReason":"no_transactions"`},
		"/subjects/two-currencies/analytics": {`"otherCurrencies":[{"currency":"EUR"`, `"futureDated":1`},
		"/subjects/two-currencies/reports":   {`"score":null`, `"notScoredReason":"insufficient_history"`},
	}
	var answers []subjectAnswer
	for _, subject := range []string{banks.ConsumerLowRisk, banks.ConsumerHighRisk, banks.ConsumerMultiAccount,
		banks.BusinessLowRisk, banks.BusinessHighRisk, banks.EmbeddedScenario, "uploaded", "emptied", "two-currencies"} {
		for _, kind := range []string{"analytics", "reports"} {
			path := "/subjects/" + subject + "/" + kind
			status, got := a.getSubject("client-a", path)
			for _, want := range rare[path] {
				if !bytes.Contains(got.body, []byte(want)) {
					t.Errorf("%s: no %s in %.300s", path, want, got.body)
				}
			}
			switch {
			case status == 200:
				answers = append(answers, got)
			case subject == "emptied" && kind == "reports" && status == 409:
			default:
				t.Errorf("%s %s: %d %.300s", subject, kind, status, got.body)
			}
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	checkEveryPropertyIsSent(t, answers)
}

// checkEveryPropertyIsSent takes each property of the objects under the
// Analytics and Report schemas out of a fresh copy of the document in
// turn and expects some answer to break it, naming the property.
func checkEveryPropertyIsSent(t *testing.T, answers []subjectAnswer) {
	t.Helper()
	c, err := contract.Load(docs.AggregationOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objectSchemas(c, "Analytics", "Report") {
		for _, name := range sortedKeys(o.schema.Properties) {
			prop, required := o.schema.Properties[name], o.schema.Required
			delete(o.schema.Properties, name)
			o.schema.Required = without(required, name)
			broken := false
			for _, ans := range answers {
				err := c.Check(ans.req, 200, ans.header, ans.body)
				if err != nil && names(err, name) {
					broken = true
					break
				}
			}
			o.schema.Properties[name], o.schema.Required = prop, required
			if !broken {
				t.Errorf("%s.%s: no answer breaks the document without it", o.path, name)
			}
		}
	}
}
