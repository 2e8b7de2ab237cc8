package web

import (
	"fmt"
	"testing"

	"openbank/banks"
	"openbank/handlers/fault"
	"openbank/oauth"
)

// TestInsightCallsFollowTheDocument reads categorised transactions,
// corrects one and enriches through the real server and a real token,
// every answer checked against the OpenAPI document; a client without the
// insight product is refused.
func TestInsightCallsFollowTheDocument(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductInsight}})
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-1", "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	if code != 201 {
		t.Fatalf("connect: %d %v", code, conn)
	}
	a.settled(conn["id"])
	_, accounts := a.call("GET", fmt.Sprintf("/accounts?connectionId=%.0f", conn["id"]), nil)
	account := accounts["accounts"].([]any)[0].(map[string]any)
	_, page := a.call("GET", fmt.Sprintf("/transactions?accountId=%.0f&limit=50", account["id"]), nil)
	tx := page["transactions"].([]any)[0].(map[string]any)
	if tx["category"] == nil || tx["categoryConfidence"] == nil {
		t.Fatalf("transaction without its category: %v", tx)
	}
	tests := []struct {
		path   string
		body   any
		status int
	}{
		{"/categories/learn", []map[string]any{{"transactionId": tx["transactionId"], "category": "living.charity"}}, 200},
		{"/categories/learn", []map[string]any{{"transactionId": tx["transactionId"], "category": "charity"}}, 400},
		{"/categories/learn", []map[string]any{{"transactionId": 99999999, "category": "living.charity"}}, 404},
		{"/enrich", map[string]any{"transactions": []map[string]any{{"id": "1", "description": tx["description"], "amount": tx["amount"]}}}, 200},
		{"/enrich", map[string]any{"transactions": []map[string]any{{"id": "1", "description": "TESCO", "amount": "1,00"}}}, 400},
	}
	for _, tt := range tests {
		if code, body := a.call("POST", tt.path, tt.body); code != tt.status {
			t.Errorf("POST %s %v: %d %v, want %d", tt.path, tt.body, code, body, tt.status)
		}
	}
	_, page = a.call("GET", fmt.Sprintf("/transactions?accountId=%.0f&limit=1", account["id"]), nil)
	if got := page["transactions"].([]any)[0].(map[string]any); got["category"] != "living.charity" || got["categoryConfidence"] != 1.0 {
		t.Errorf("corrected transaction reads %v", got)
	}
	plain, _ := newAggClient(t, in, oauth.ClientSpec{})
	for _, path := range []string{"/categories/learn", "/enrich"} {
		code, body := plain.call("POST", path, map[string]any{})
		f, _ := body["fault"].(map[string]any)
		if code != 403 || f["code"] != float64(fault.CodeForbidden) {
			t.Errorf("POST %s without the insight product: %d %v", path, code, body)
		}
	}
}
