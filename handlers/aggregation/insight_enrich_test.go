package aggregation_test

import (
	"fmt"
	"strings"
	"testing"

	"openbank/handlers/docs"
	"openbank/insight/ledger"
)

func TestEnrichCategorisesWithoutStoring(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	r := a.send("client-a", "POST", "/enrich", "", map[string]any{"transactions": []map[string]any{
		{"id": "a1", "description": "CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", "amount": "-23.45", "date": "2026-03-12"},
		{"id": "a2", "description": "BGC ACME LOGISTICS LTD SALARY", "amount": 2134.56, "currency": "GBP"},
		{"id": "a3", "description": "DIRECT DEBIT PAYMENT TO OCTOPUS ENERGY REF A-1F2E3D4C", "amount": -145},
	}})
	if r.status != 200 {
		t.Fatalf("enrich: %d %v", r.status, r.body)
	}
	want := []struct{ id, category, channel string }{
		{"a1", "living.groceries", "card"}, {"a2", "income.salary", ""}, {"a3", "housing.utilities", "direct_debit"},
	}
	got := r.body["transactions"].([]any)
	for i, w := range want {
		e := got[i].(map[string]any)
		if e["id"] != w.id || e["category"] != w.category || (w.channel != "" && e["channel"] != w.channel) {
			t.Errorf("%d: %v, want %+v", i, e, w)
		}
	}
	if got[0].(map[string]any)["merchant"] == nil {
		t.Errorf("a known merchant is not named: %v", got[0])
	}
	var stored int
	a.db.Get(&stored, `SELECT count(*) FROM transactions`)
	if stored != 0 {
		t.Errorf("enrichment stored %d transactions", stored)
	}
}

// TestEnrichIsAConsumersUnlessTheBodySaysBusiness checks that transactions
// sent without a kind take consumer codes only, and business codes when the
// body says the subject is a business.
func TestEnrichIsAConsumersUnlessTheBodySaysBusiness(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	txs := []map[string]any{
		{"id": "inv", "description": "FPI ACME LTD INV 10234", "amount": "1840.00"},
		{"id": "phone", "description": "DIRECT DEBIT EE LIMITED", "amount": "-31.50"},
		{"id": "wages", "description": "VIR SEPA EMIS /A M. ALEXIS MOREL /MOTIF SALAIRE MARS 2024", "amount": "-1650.00"},
		{"id": "vat", "description": "PRLV SEPA DGFIP TVA 1ER TRIMESTRE 2024", "amount": "-1830.00"},
	}
	tests := []struct {
		kind any
		want []string
	}{
		{nil, []string{"income.other", "housing.telecom", "transfer.out", "taxes.personal"}},
		{"consumer", []string{"income.other", "housing.telecom", "transfer.out", "taxes.personal"}},
		{"business", []string{"business.revenue", "business.services", "business.payroll", "business.tax"}},
	}
	for _, tt := range tests {
		body := map[string]any{"transactions": txs}
		if tt.kind != nil {
			body["kind"] = tt.kind
		}
		r := a.send("client-a", "POST", "/enrich", "", body)
		if r.status != 200 {
			t.Fatalf("kind %v: %d %v", tt.kind, r.status, r.body)
		}
		for i, e := range r.body["transactions"].([]any) {
			got := e.(map[string]any)["category"]
			if got != tt.want[i] {
				t.Errorf("kind %v, %s: %v, want %s", tt.kind, txs[i]["id"], got, tt.want[i])
			}
			if tt.kind != "business" && strings.HasPrefix(got.(string), "business.") {
				t.Errorf("kind %v, %s: a business code %v", tt.kind, txs[i]["id"], got)
			}
		}
	}
	r := a.send("client-a", "POST", "/enrich", "", map[string]any{"kind": "sole trader", "transactions": txs})
	if r.status != 400 || !strings.HasPrefix(r.fault(), "kind: ") {
		t.Errorf("kind sole trader: %d %q", r.status, r.fault())
	}
}

func TestEnrichFollowsTheClientsCorrections(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	tx := busiestMerchant(a.connect("client-a", "s-1"))
	if r := a.send("client-a", "POST", "/categories/learn", "", []map[string]any{{"transactionId": tx["transactionId"], "category": "living.charity"}}); r.status != 200 {
		t.Fatalf("learn: %d %v", r.status, r.body)
	}
	body := map[string]any{"transactions": []map[string]any{{"id": "x", "description": tx["description"], "amount": tx["amount"]}}}
	for client, want := range map[string]bool{"client-a": true, "client-b": false} {
		r := a.send(client, "POST", "/enrich", "", body)
		e := r.body["transactions"].([]any)[0].(map[string]any)
		if got := e["category"] == "living.charity" && e["confidence"] == 1.0; got != want {
			t.Errorf("%s: %v", client, e)
		}
	}
}

// enrichBody is a body of n card payments; element bad, when in range,
// is replaced.
func enrichBody(n, bad int, element map[string]any) map[string]any {
	txs := make([]map[string]any, n)
	for i := range txs {
		txs[i] = map[string]any{"id": fmt.Sprint("t", i), "description": "CARD PAYMENT TO PRET A MANGER 1234", "amount": "-4.50"}
	}
	if bad >= 0 && bad < n {
		txs[bad] = element
	}
	return map[string]any{"transactions": txs}
}

func TestEnrichRefusals(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	if r := a.send("client-a", "POST", "/enrich", "", enrichBody(500, -1, nil)); r.status != 200 || len(r.body["transactions"].([]any)) != 500 {
		t.Fatalf("500 transactions: %d", r.status)
	}
	tests := []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"501", enrichBody(501, -1, nil), 400, "transactions: "},
		{"none", enrichBody(0, -1, nil), 400, "transactions: "},
		{"no body", "", 400, "body: "},
		{"amount", enrichBody(5, 3, map[string]any{"id": "x", "description": "TESCO", "amount": "12,30"}), 400, "transactions[3].amount: "},
		{"amount places", enrichBody(5, 3, map[string]any{"id": "x", "description": "TESCO", "amount": 1.234}), 400, "transactions[3].amount: "},
		{"amount missing", enrichBody(5, 0, map[string]any{"id": "x", "description": "TESCO"}), 400, "transactions[0].amount: "},
		{"id", enrichBody(5, 4, map[string]any{"description": "TESCO", "amount": 1}), 400, "transactions[4].id: "},
		{"description", enrichBody(5, 1, map[string]any{"id": "x", "description": " ", "amount": 1}), 400, "transactions[1].description: "},
		{"date", enrichBody(5, 2, map[string]any{"id": "x", "description": "TESCO", "amount": 1, "date": "12/03/2026"}), 400, "transactions[2].date: "},
		{"currency", enrichBody(5, 2, map[string]any{"id": "x", "description": "TESCO", "amount": 1, "currency": "pounds"}), 400, "transactions[2].currency: "},
		{"unknown field", enrichBody(5, 2, map[string]any{"id": "x", "description": "TESCO", "amount": 1, "mcc": 5411}), 400, "transactions[2].mcc: "},
		{"not an object", enrichBody(5, 2, nil), 400, "transactions[2]: "},
	}
	for _, tt := range tests {
		r := a.send("client-a", "POST", "/enrich", "", tt.body)
		if r.status != tt.status || !strings.HasPrefix(r.fault(), tt.field) {
			t.Errorf("%s: %d %q, want %d starting %q", tt.name, r.status, r.fault(), tt.status, tt.field)
		}
	}
}

// TestCategoryEnumIsTheTaxonomy keeps the document's Category enum in step
// with the categoriser's codes.
func TestCategoryEnumIsTheTaxonomy(t *testing.T) {
	t.Parallel()
	raw, err := docs.OpenAPIDocument(docs.AggregationOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	want := "      enum: [" + strings.Join(ledger.Categories(), ", ") + "]\n"
	if !strings.Contains(string(raw), "    Category:\n") || !strings.Contains(string(raw), want) {
		t.Errorf("the Category schema's enum is not %s", want)
	}
}
