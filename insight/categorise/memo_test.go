package categorise

import (
	"testing"
	"time"
)

// TestCategoriseHistoryMemo checks that deciding alike transactions once
// changes no answer: every transaction of the evaluation sets, the mock
// banks' histories and the "large" test user's, alone and among variants
// of themselves, gets what it gets when each is read and decided on its
// own, for subjects of every kind.
func TestCategoriseHistoryMemo(t *testing.T) {
	c := categoriser(t)
	type batch struct {
		name string
		txs  []Transaction
		own  []string
	}
	var batches []batch
	for _, path := range []string{"testdata/eval_tune.tsv", "testdata/eval_holdout.tsv"} {
		b := batch{name: path}
		for _, r := range readEval(t, path) {
			b.txs = append(b.txs, Transaction{Description: r.desc, Amount: r.amount})
		}
		batches = append(batches, b)
	}
	for _, h := range mockHistories(t, 10000) {
		batches = append(batches, batch{name: "mock history", txs: h.txs, own: h.own})
	}
	payer := batch{name: "a monthly payer and the same payer undated"}
	for m := 1; m <= 5; m++ {
		tx := Transaction{Description: "BGC MERIDIAN COUNCIL", Amount: 180000, Date: time.Date(2026, time.Month(m), 28, 0, 0, 0, 0, time.UTC)}
		if m == 5 {
			tx.Date = time.Time{}
		}
		payer.txs = append(payer.txs, tx)
	}
	batches = append(batches, payer)
	large, s := largeHistory(t)
	batches = append(batches, batch{name: "large history", txs: large, own: s.OwnAccounts})
	for _, b := range batches[:] {
		batches = append(batches, batch{name: b.name + " with variants", txs: alikeVariants(b.txs, b.own), own: b.own})
	}
	for _, b := range batches {
		for _, kind := range []Kind{KindUnknown, KindConsumer, KindBusiness} {
			s := &Profile{Kind: kind, OwnAccounts: b.own}
			each, memo := c.categoriseHistory(b.txs, s, false), c.categoriseHistory(b.txs, s, true)
			for i := range each {
				if each[i] != memo[i] {
					t.Fatalf("%s, kind %d, transaction %d %q: %+v on its own, %+v memoised",
						b.name, kind, i, b.txs[i].Description, each[i], memo[i])
				}
			}
		}
	}
}

// alikeVariants is txs followed by a copy of each that differs in one thing a
// decision reads besides the text: the direction of the money, the size of
// the amount, the other side's account (one of own, when there is one),
// the payment method or a date (undated credits never recur).
func alikeVariants(txs []Transaction, own []string) []Transaction {
	out := append([]Transaction(nil), txs...)
	for i, tx := range txs {
		switch i % 5 {
		case 0:
			tx.Amount = -tx.Amount
		case 1:
			tx.Amount *= 37
		case 2:
			tx.CounterpartyAccount = "GB29NWBK60161331926819"
			if len(own) > 0 {
				tx.CounterpartyAccount = own[i%len(own)]
			}
		case 3:
			tx.Method = "card"
		case 4:
			tx.Date = time.Time{}
		}
		out = append(out, tx)
	}
	return out
}
