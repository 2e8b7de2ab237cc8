package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"openbank/oauth"
)

// upload posts body of content type kind to /uploads?query through the
// real server; the answer is checked against the OpenAPI document.
func (a *aggClient) upload(query, kind, body string) (int, map[string]any) {
	a.t.Helper()
	req, err := http.NewRequest("POST", a.in.base+"/aggregation/v3.12.0/uploads?"+query, strings.NewReader(body))
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	req.Header.Set("Content-Type", kind)
	resp, err := a.http.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		a.t.Fatalf("upload answered %d without JSON: %v", resp.StatusCode, err)
	}
	return resp.StatusCode, out
}

// TestUploadsNeedTheUploadProduct uploads through the real server and a
// real token: refused without the upload product, stored with it and read
// back with the aggregation's ordinary calls.
func TestUploadsNeedTheUploadProduct(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	const file = "date,amount,description\n2026-01-02,-3.20,COFFEE\n2026-01-03,1200,SALARY\n"
	without, _ := newAggClient(t, in, oauth.ClientSpec{})
	if code, body := without.upload("subjectId=s&kind=consumer", "text/csv", file); code != 403 {
		t.Fatalf("without the upload product: %d %v", code, body)
	}
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductUpload}})
	code, up := a.upload("subjectId=s&kind=consumer", "text/csv", file)
	if code != 201 || up["transactionsAdded"] != 2.0 {
		t.Fatalf("csv: %d %v", code, up)
	}
	conn := up["connection"].(map[string]any)
	body := fmt.Sprintf(`{"subjectId":"s","kind":"consumer","connectionId":%.0f,"accounts":[{"name":"Uploaded account",
		"currency":"GBP","transactions":[{"date":"2026-01-02","amount":-3.2,"description":"COFFEE"}]}]}`, conn["id"])
	if code, again := a.upload("", "application/json", body); code != 201 || again["duplicates"] != 1.0 || again["transactionsAdded"] != 0.0 {
		t.Fatalf("json again: %d %v", code, again)
	}
	account := up["accounts"].([]any)[0].(map[string]any)["accountId"]
	_, page := a.call("GET", fmt.Sprintf("/transactions?accountId=%.0f", account), nil)
	if txs := page["transactions"].([]any); len(txs) != 2 || txs[0].(map[string]any)["amount"] != "-3.20" {
		t.Fatalf("transactions: %v", page)
	}
	if code, _ := a.call("POST", fmt.Sprintf("/connections/%.0f/refetch", conn["id"]), nil); code != 409 {
		t.Fatalf("refetch of an upload connection: %d", code)
	}
}
