package aggregation_test

import (
	"strings"
	"testing"
)

func jsonUpload(connectionID any) map[string]any {
	body := map[string]any{"subjectId": 42, "kind": "consumer", "accounts": []any{
		map[string]any{"name": "Current", "currency": "GBP", "iban": "GB82 WEST 1234 5698 7654 32", "balance": "1520.07",
			"balanceDate": "2026-02-01", "transactions": []any{
				map[string]any{"date": "2026-01-31", "amount": 2500, "description": "ACME LTD SALARY", "reference": "JAN"},
				map[string]any{"date": "2026-01-05T08:15:00Z", "amount": "-3.20", "description": "COFFEE"},
				map[string]any{"date": "2026-01-05", "amount": -3.2, "description": "COFFEE"},
				map[string]any{"date": "2026-01-06", "amount": 0, "description": ""},
			}},
		map[string]any{"name": "Savings", "currency": "EUR", "transactions": []any{
			map[string]any{"date": "2026-01-10", "amount": "100.5", "description": "FROM CURRENT"},
		}},
	}}
	if connectionID != nil {
		body["connectionId"] = connectionID
	}
	return body
}

// TestUploadJSONReadsLikeFetchedData uploads JSON, reads it back through
// the ordinary calls, sends it again (nothing added) and refuses a refetch.
func TestUploadJSONReadsLikeFetchedData(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	first := a.json("client-a", jsonUpload(nil))
	if first.status != 201 || first.body["transactionsAdded"] != 5.0 || first.body["duplicates"] != 0.0 {
		t.Fatalf("upload: %d %s", first.status, first.raw)
	}
	conn := connectionOf(first)
	cid := id(conn["id"])
	got := a.do("client-a", "GET", "/connections/"+cid, "", nil)
	if got.status != 200 || got.body["provider"] != "upload" || got.body["lastConsentStatus"] != "ok" ||
		got.body["consentValidUntil"] != nil || got.body["subjectId"] != "42" || got.body["lastSuccessfulFetchAt"] == nil {
		t.Fatalf("connection: %d %v", got.status, got.body)
	}
	accts := a.do("client-a", "GET", "/accounts?connectionId="+cid, "", nil).body["accounts"].([]any)
	current := accts[0].(map[string]any)
	if len(accts) != 2 || current["balance"] != "1520.07" || current["iban"] != "GB82WEST12345698765432" || current["type"] != "current" {
		t.Fatalf("accounts: %v", accts)
	}
	page := a.do("client-a", "GET", "/transactions?accountId="+id(current["id"]), "", nil)
	txs := page.body["transactions"].([]any)
	firstTx, last := txs[0].(map[string]any), txs[3].(map[string]any)
	if len(txs) != 4 || firstTx["amount"] != "-3.20" || firstTx["bookingDate"] != "2026-01-05" || firstTx["method"] != "upload" ||
		firstTx["status"] != "booked" || last["amount"] != "2500.00" || last["reference"] != "JAN" {
		t.Fatalf("transactions in date order: %v", txs)
	}
	again := a.json("client-a", jsonUpload(conn["id"]))
	accounts := again.body["accounts"].([]any)
	if again.status != 201 || again.body["transactionsAdded"] != 0.0 || again.body["duplicates"] != 5.0 ||
		accounts[0].(map[string]any)["created"] != false || id(connectionOf(again)["id"]) != cid {
		t.Fatalf("same upload again: %d %s", again.status, again.raw)
	}
	refetch := a.do("client-a", "POST", "/connections/"+cid+"/refetch", "", nil)
	if refetch.status != 409 || !strings.Contains(refetch.description(), "upload again") {
		t.Fatalf("refetch: %d %s", refetch.status, refetch.raw)
	}
	if del := a.do("client-a", "DELETE", "/connections/"+cid, "", nil); del.status != 204 {
		t.Fatalf("delete: %d", del.status)
	}
	if s := a.stored(); s != "0 connections, 0 consents, 0 accounts, 0 transactions" {
		t.Fatalf("after delete: %s", s)
	}
}

// TestUploadCSVGroupsAccountsAndAppends uploads a CSV file with columns in
// another order and case, then appends a second file to the connection.
func TestUploadCSVGroupsAccountsAndAppends(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	file := "\xEF\xBB\xBFDate,Description,AMOUNT,Balance,Account,Reference\r\n" +
		"2026-01-02,\"TESCO STORES, LONDON\",-42.10,957.90,,\r\n" +
		"2026-01-01,OPENING,1000,1000.00,,\r\n" +
		"2026-01-03,\"RENT \"\"FLAT 2\"\"\",-750,,Joint,R-1\r\n"
	first := a.csv("client-a", "subjectId=s-9&kind=business", file)
	if first.status != 201 || first.body["transactionsAdded"] != 3.0 {
		t.Fatalf("csv upload: %d %s", first.status, first.raw)
	}
	accounts := first.body["accounts"].([]any)
	main := accounts[0].(map[string]any)
	if len(accounts) != 2 || main["name"] != "Uploaded account" || accounts[1].(map[string]any)["name"] != "Joint" {
		t.Fatalf("accounts: %v", accounts)
	}
	cid := id(connectionOf(first)["id"])
	listed := a.do("client-a", "GET", "/accounts?connectionId="+cid, "", nil).body["accounts"].([]any)
	if listed[0].(map[string]any)["balance"] != "957.90" {
		t.Fatalf("the latest row's balance is the account's: %v", listed)
	}
	txs := a.do("client-a", "GET", "/transactions?accountId="+id(main["accountId"]), "", nil).body["transactions"].([]any)
	if len(txs) != 2 || txs[0].(map[string]any)["description"] != "OPENING" || txs[1].(map[string]any)["balanceAfter"] != "957.90" ||
		txs[1].(map[string]any)["description"] != "TESCO STORES, LONDON" {
		t.Fatalf("transactions: %v", txs)
	}
	more := file + "2026-01-04,COFFEE,-3.20,954.70,,\r\n"
	second := a.csv("client-a", "subjectId=s-9&kind=business&connectionId="+cid, more)
	if second.status != 201 || second.body["transactionsAdded"] != 1.0 || second.body["duplicates"] != 3.0 {
		t.Fatalf("append: %d %s", second.status, second.raw)
	}
	if s := a.stored(); s != "1 connections, 1 consents, 2 accounts, 4 transactions" {
		t.Fatalf("stored: %s", s)
	}
}

// TestUploadTargets refuses connections that are not the client's upload
// connections of the same subject.
func TestUploadTargets(t *testing.T) {
	t.Parallel()
	a := newUploadAPI(t)
	cid := connectionOf(a.json("client-a", jsonUpload(nil)))["id"]
	bank := a.do("client-a", "POST", "/connections", "application/json", map[string]any{"subjectId": 42,
		"provider": "embedded-scenario", "credentials": map[string]string{"username": "user", "password": "secret"}})
	if bank.status != 201 {
		t.Fatalf("bank connection: %d %s", bank.status, bank.raw)
	}
	otherSubject := jsonUpload(cid)
	otherSubject["subjectId"] = "someone-else"
	otherKind := jsonUpload(cid)
	otherKind["kind"] = "business"
	tests := []struct {
		name   string
		client string
		body   map[string]any
		status int
		text   string
	}{
		{"another client's connection", "client-b", jsonUpload(cid), 404, "no connection"},
		{"an unknown connection", "client-a", jsonUpload(987654), 404, "no connection"},
		{"a bank connection", "client-a", jsonUpload(bank.body["id"]), 409, "connectionId: connection"},
		{"another subject", "client-a", otherSubject, 409, "another subject"},
		{"another kind", "client-a", otherKind, 409, "kind: connection"},
	}
	before := a.stored()
	for _, tt := range tests {
		got := a.json(tt.client, tt.body)
		if got.status != tt.status || !strings.Contains(got.description(), tt.text) {
			t.Errorf("%s: %d %q, want %d with %q", tt.name, got.status, got.description(), tt.status, tt.text)
		}
	}
	if after := a.stored(); after != before {
		t.Fatalf("refused uploads stored something: %s, before %s", after, before)
	}
}
