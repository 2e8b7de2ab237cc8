package aggregation_test

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

func TestTransactionsCarryTheirCategory(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	txs := a.connect("client-a", "s-1")
	if len(txs) < 100 {
		t.Fatalf("only %d transactions", len(txs))
	}
	merchants := 0
	for _, tx := range txs {
		code, _ := tx["category"].(string)
		conf, _ := tx["categoryConfidence"].(float64)
		if !ledger.Valid(code) || conf <= 0 || conf > 1 || math.Round(conf*100) != conf*100 {
			t.Fatalf("transaction %v: category %q confidence %v", tx["transactionId"], code, tx["categoryConfidence"])
		}
		if m, ok := tx["merchant"]; ok {
			if m == "" || m == nil {
				t.Fatalf("transaction %v: merchant %q should be left out", tx["transactionId"], m)
			}
			merchants++
		}
	}
	if merchants == 0 || merchants == len(txs) {
		t.Errorf("%d of %d transactions name a merchant; want some but not all", merchants, len(txs))
	}
}

func TestLearnCorrectsAndLaterFetchesFollow(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	txs := a.connect("client-a", "s-1")
	target := busiestMerchant(txs)
	want := "living.charity"
	if target["category"] == want {
		want = "living.shopping"
	}
	r := a.send("client-a", "POST", "/categories/learn", "", []map[string]any{{"transactionId": target["transactionId"], "category": want}})
	if r.status != 200 || r.body["learned"] != 1.0 || len(r.body["merchantKeys"].([]any)) != 1 {
		t.Fatalf("learn: %d %v", r.status, r.body)
	}
	key := r.body["merchantKeys"].([]any)[0].(string)
	if key != categorise.MerchantKey(target["description"].(string)) {
		t.Errorf("merchant key %q, want categorise.MerchantKey's %q", key, categorise.MerchantKey(target["description"].(string)))
	}
	again := a.transactions("client-a", target["accountId"])
	for _, tx := range again {
		if tx["transactionId"] == target["transactionId"] && (tx["category"] != want || tx["categoryConfidence"] != 1.0) {
			t.Errorf("corrected transaction reads %v", tx)
		}
	}
	// A later fetch of the same client follows the correction; another client's does not.
	for client, follows := range map[string]bool{"client-a": true, "client-b": false} {
		seen := 0
		for _, tx := range a.connect(client, "s-2") {
			if categorise.MerchantKey(tx["description"].(string)) != key {
				continue
			}
			seen++
			if got := tx["category"] == want && tx["categoryConfidence"] == 1.0; got != follows {
				t.Errorf("%s: transaction %v of the corrected merchant: %v %v", client, tx["transactionId"], tx["category"], tx["categoryConfidence"])
			}
		}
		if seen < 2 {
			t.Errorf("%s: the later fetch holds %d transactions of merchant key %q", client, seen, key)
		}
	}
}

// busiestMerchant returns a transaction of the merchant seen most often.
func busiestMerchant(txs []map[string]any) map[string]any {
	counts := map[any]int{}
	for _, tx := range txs {
		if m, ok := tx["merchant"]; ok {
			counts[m]++
		}
	}
	return slices.MaxFunc(txs, func(x, y map[string]any) int { return counts[x["merchant"]] - counts[y["merchant"]] })
}

func TestLearnRefusals(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	mine := a.connect("client-a", "s-1")[0]["transactionId"]
	theirs := a.connect("client-b", "s-1")[0]["transactionId"]
	many := make([]map[string]any, 501)
	for i := range many {
		many[i] = map[string]any{"transactionId": mine, "category": "gambling"}
	}
	tests := []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"bad category", []map[string]any{{"transactionId": mine, "category": "gambling"}, {"transactionId": mine, "category": "food.pizza"}}, 400, "[1].category: "},
		{"missing category", []map[string]any{{"transactionId": mine}}, 400, "[0].category: "},
		{"unknown field", []map[string]any{{"transactionId": mine, "category": "gambling", "note": "x"}}, 400, "[0].note: "},
		{"not an array", map[string]any{"transactionId": mine}, 400, "body: "},
		{"empty", []any{}, 400, "body: "},
		{"too many", many, 400, "body: "},
		{"unknown transaction", []map[string]any{{"transactionId": mine, "category": "gambling"}, {"transactionId": 99999999, "category": "gambling"}}, 404, "[1].transactionId: "},
		{"another client's", []map[string]any{{"transactionId": theirs, "category": "gambling"}}, 404, "[0].transactionId: "},
	}
	for _, tt := range tests {
		r := a.send("client-a", "POST", "/categories/learn", "", tt.body)
		if r.status != tt.status || !strings.HasPrefix(r.fault(), tt.field) {
			t.Errorf("%s: %d %q, want %d starting %q", tt.name, r.status, r.fault(), tt.status, tt.field)
		}
	}
	var overrides int
	a.db.Get(&overrides, `SELECT count(*) FROM category_overrides`)
	if overrides != 0 {
		t.Errorf("refused calls stored %d overrides", overrides)
	}
}

func TestLearnReplaysItsAnswer(t *testing.T) {
	t.Parallel()
	a := newInsightAPI(t)
	tx := a.connect("client-a", "s-1")[0]
	body := []map[string]any{{"transactionId": tx["transactionId"], "category": "living.charity"}}
	rid := uuid.NewString()
	first := a.send("client-a", "POST", "/categories/learn", rid, body)
	second := a.send("client-a", "POST", "/categories/learn", rid, body)
	if first.status != 200 || second.status != 200 || second.header["Idempotent-Replayed"] == nil ||
		!reflect.DeepEqual(first.body, second.body) {
		t.Fatalf("first %d %v, second %d %v %v", first.status, first.body, second.status, second.body, second.header)
	}
}
