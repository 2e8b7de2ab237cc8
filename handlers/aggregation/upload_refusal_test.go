package aggregation_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"openbank/aggregation"
)

// row is a JSON upload with one account holding the given transaction.
func row(tx map[string]any) map[string]any {
	return map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{
		map[string]any{"name": "A", "currency": "GBP", "transactions": []any{
			map[string]any{"date": "2026-01-01", "amount": "1.00", "description": "ok"}, tx}}}}
}

func TestUploadJSONRefusals(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	future := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
	tests := []struct {
		name string
		body any
		want string // the description's start
	}{
		{"no body", "", "body:"},
		{"not an object", "[]", "body:"},
		{"broken JSON", `{"subjectId":`, "body:"},
		{"unknown field", `{"subjectId":"s","kind":"consumer","accounts":[],"colour":1}`, "colour:"},
		{"no subject", map[string]any{"kind": "consumer", "accounts": []any{}}, "subjectId:"},
		{"bad kind", map[string]any{"subjectId": "s", "kind": "person", "accounts": []any{}}, "kind:"},
		{"no accounts", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{}}, "accounts:"},
		{"connectionId zero", map[string]any{"subjectId": "s", "kind": "consumer", "connectionId": 0, "accounts": []any{map[string]any{}}}, "connectionId:"},
		{"account not an object", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{7}}, "accounts[0]:"},
		{"account without name", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{map[string]any{"currency": "GBP"}}}, "accounts[0].name:"},
		{"unknown account field", `{"subjectId":"s","kind":"consumer","accounts":[{"name":"A","currency":"GBP","colour":1}]}`, "accounts[0].colour:"},
		{"lower-case currency", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{map[string]any{"name": "A", "currency": "gbp"}}}, "accounts[0].currency:"},
		{"bad IBAN", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{map[string]any{"name": "A", "currency": "GBP", "iban": "GB00WEST12345698765432"}}}, "accounts[0].iban:"},
		{"balance with 3 decimals", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{map[string]any{"name": "A", "currency": "GBP", "balance": 1.005}}}, "accounts[0].balance:"},
		{"same account twice", map[string]any{"subjectId": "s", "kind": "consumer", "accounts": []any{map[string]any{"name": "A", "currency": "GBP"}, map[string]any{"name": "A", "currency": "GBP"}}}, "accounts[1]:"},
		{"amount with 3 decimals", row(map[string]any{"date": "2026-01-01", "amount": "1.001", "description": "x"}), "accounts[0].transactions[1].amount:"},
		{"amount as a float exponent", row(map[string]any{"date": "2026-01-01", "amount": 1e21, "description": "x"}), "accounts[0].transactions[1].amount:"},
		{"amount missing", row(map[string]any{"date": "2026-01-01", "description": "x"}), "accounts[0].transactions[1].amount:"},
		{"amount true", row(map[string]any{"date": "2026-01-01", "amount": true, "description": "x"}), "accounts[0].transactions[1].amount:"},
		{"date missing", row(map[string]any{"amount": 1, "description": "x"}), "accounts[0].transactions[1].date:"},
		{"date not ISO", row(map[string]any{"date": "01/02/2026", "amount": 1, "description": "x"}), "accounts[0].transactions[1].date:"},
		{"date in the future", row(map[string]any{"date": future, "amount": 1, "description": "x"}), "accounts[0].transactions[1].date:"},
		{"description missing", row(map[string]any{"date": "2026-01-01", "amount": 1}), "accounts[0].transactions[1].description:"},
		{"description a number", row(map[string]any{"date": "2026-01-01", "amount": 1, "description": 5}), "accounts[0].transactions[1].description:"},
		{"control character", row(map[string]any{"date": "2026-01-01", "amount": 1, "description": "a\u0007b"}), "accounts[0].transactions[1].description:"},
		{"reference too long", row(map[string]any{"date": "2026-01-01", "amount": 1, "description": "x", "reference": strings.Repeat("r", 141)}), "accounts[0].transactions[1].reference:"},
		{"bad transaction currency", row(map[string]any{"date": "2026-01-01", "amount": 1, "description": "x", "currency": "EURO"}), "accounts[0].transactions[1].currency:"},
		{"unknown transaction field", row(map[string]any{"date": "2026-01-01", "amount": 1, "description": "x", "category": "y"}), "accounts[0].transactions[1].category:"},
	}
	for _, tt := range tests {
		got := a.json("client-a", tt.body)
		if got.status != 400 || got.body["fault"].(map[string]any)["code"] != 4000.0 || !strings.HasPrefix(got.description(), tt.want) {
			t.Errorf("%s: %d %q, want 400 starting %q", tt.name, got.status, got.description(), tt.want)
		}
	}
	if s := a.stored(); s != "0 connections, 0 consents, 0 accounts, 0 transactions" {
		t.Fatalf("refused uploads stored: %s", s)
	}
}

func TestUploadCSVRefusals(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	const q = "subjectId=s&kind=consumer"
	const head = "date,amount,description\n2026-01-01,1.00,ok\n"
	tests := []struct {
		name, query, file, want string
	}{
		{"no subject", "kind=consumer", head, "subjectId:"},
		{"bad kind", "subjectId=s&kind=x", head, "kind:"},
		{"bad connectionId", q + "&connectionId=abc", head, "connectionId:"},
		{"bad default currency", q + "&currency=pounds", head, "currency:"},
		{"empty file", q, "", "body:"},
		{"header only", q, "date,amount,description\n", "body:"},
		{"missing column", q, "date,amount\n2026-01-01,1\n", "line 1:"},
		{"unknown column", q, "date,amount,description,colour\n2026-01-01,1,x,red\n", "line 1:"},
		{"column twice", q, "date,amount,description,Date\n2026-01-01,1,x,2026-01-01\n", "line 1:"},
		{"wrong field count", q, head + "2026-01-02,1\n", "line 3:"},
		{"bare quote", q, head + "2026-01-02,1,a \"b\" c\n", "line 3:"},
		{"amount with 3 decimals", q, head + "2026-01-02,1.001,x\n", "line 3: amount:"},
		{"thousands separator", q, head + "2026-01-02,\"1,000.00\",x\n", "line 3: amount:"},
		{"JPY with decimals", q, "date,amount,description,currency\n2026-01-01,1.50,x,JPY\n", "line 2: amount:"},
		{"bad currency", q, "date,amount,description,currency\n2026-01-01,1,x,gbp\n", "line 2: currency:"},
		{"bad date", q, head + "\n\n2026-13-01,1,x\n", "line 5: date:"},
		{"quoted newline in description", q, head + "2026-01-02,1,\"two\nlines\"\n", "line 3: description:"},
		{"bad balance", q, "date,amount,description,balance\n2026-01-01,1,x,ten\n", "line 2: balance:"},
		{"not UTF-8", q, head + "2026-01-02,1,caf\xe9\n", "line 3:"},
	}
	for _, tt := range tests {
		got := a.csv("client-a", tt.query, tt.file)
		if got.status != 400 || !strings.HasPrefix(got.description(), tt.want) {
			t.Errorf("%s: %d %q, want 400 starting %q", tt.name, got.status, got.description(), tt.want)
		}
	}
	if got := a.do("client-a", "POST", "/uploads?"+q, "text/plain", head); got.status != 400 || !strings.HasPrefix(got.description(), "Content-Type:") {
		t.Errorf("text/plain: %d %q", got.status, got.description())
	}
	if got := a.do("client-a", "POST", "/uploads?"+q, "text/csv; charset=latin1", head); got.status != 400 {
		t.Errorf("latin1: %d %q", got.status, got.description())
	}
	if s := a.stored(); s != "0 connections, 0 consents, 0 accounts, 0 transactions" {
		t.Fatalf("refused uploads stored: %s", s)
	}
}

func TestUploadLimits(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	huge := "date,amount,description\n" + strings.Repeat("2026-01-01,1.00,"+strings.Repeat("x", 80)+"\n", aggregation.MaxUploadBytes/96+1)
	got := a.csv("client-a", "subjectId=s&kind=consumer", huge)
	if got.status != 413 || got.body["fault"].(map[string]any)["code"] != 4130.0 {
		t.Fatalf("%d bytes: %d %s", len(huge), got.status, got.raw)
	}
	rows := csvRows(aggregation.MaxUploadRows + 1)
	got = a.csv("client-a", "subjectId=s&kind=consumer", rows)
	want := fmt.Sprintf("line %d:", aggregation.MaxUploadRows+2)
	if got.status != 400 || !strings.HasPrefix(got.description(), want) {
		t.Fatalf("%d rows: %d %q, want 400 starting %q", aggregation.MaxUploadRows+1, got.status, got.description(), want)
	}
	tx := `{"date":"2026-01-01","amount":1,"description":""}`
	body := `{"subjectId":"s","kind":"consumer","accounts":[{"name":"A","currency":"GBP","transactions":[` +
		strings.Repeat(tx+",", aggregation.MaxUploadRows) + tx + `]}]}`
	got = a.json("client-a", body)
	if got.status != 400 || !strings.HasPrefix(got.description(), "accounts[0].transactions:") {
		t.Fatalf("JSON of %d rows: %d %q", aggregation.MaxUploadRows+1, got.status, got.description())
	}
	if s := a.stored(); s != "0 connections, 0 consents, 0 accounts, 0 transactions" {
		t.Fatalf("refused uploads stored: %s", s)
	}
}
