package categorise

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"openbank/banks"
)

// mockAccuracyFloor is the mock-bank accuracy this version reached, less one point.
const mockAccuracyFloor = 0.99

// mockExport is the part of a mock bank's JSON export the evaluation reads.
type mockExport struct {
	Accounts []struct {
		IBAN         string `json:"iban"`
		Transactions []struct {
			Status              string `json:"status"`
			BookingDate         string `json:"bookingDate"`
			TransactionDate     string `json:"transactionDate"`
			Amount              int64  `json:"amount"`
			Method              string `json:"method"`
			Description         string `json:"description"`
			Counterparty        string `json:"counterparty"`
			CounterpartyAccount string `json:"counterpartyAccount"`
			TrueCategory        string `json:"trueCategory"`
		} `json:"transactions"`
	} `json:"accounts"`
}

// mockHistory is one mock subject's transactions with their true codes.
type mockHistory struct {
	txs   []Transaction
	truth []string
	own   []string
}

// mockHistories generates mock-bank subjects until at least n transactions.
func mockHistories(t testing.TB, n int) []mockHistory {
	t.Helper()
	codes := []string{banks.ConsumerLowRisk, banks.ConsumerHighRisk, banks.ConsumerMultiAccount,
		banks.BusinessLowRisk, banks.BusinessHighRisk, banks.RedirectScenario, banks.EmbeddedScenario}
	var out []mockHistory
	total := 0
	for seed := int64(1); total < n; seed++ {
		for _, code := range codes {
			h := exportHistory(t, code, seed)
			out = append(out, h)
			total += len(h.txs)
		}
	}
	return out
}

// exportHistory reads one mock bank's export for a seed as a history of the subject.
func exportHistory(t testing.TB, code string, seed int64) mockHistory {
	var buf bytes.Buffer
	if err := banks.Export(&buf, code, seed, "json", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	var exp mockExport
	if err := json.Unmarshal(buf.Bytes(), &exp); err != nil {
		t.Fatal(err)
	}
	var h mockHistory
	for _, a := range exp.Accounts {
		h.own = append(h.own, a.IBAN)
		for _, tx := range a.Transactions {
			date, err := time.Parse(time.DateOnly, tx.TransactionDate)
			if err != nil {
				t.Fatal(err)
			}
			h.txs = append(h.txs, Transaction{Description: tx.Description, Amount: tx.Amount, Date: date,
				Counterparty: tx.Counterparty, CounterpartyAccount: tx.CounterpartyAccount, Method: tx.Method})
			h.truth = append(h.truth, tx.TrueCategory)
		}
	}
	return h
}

func TestMockBankAccuracy(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var conf, single confusion
	misses := map[string]int{}
	for _, h := range mockHistories(t, 10000) {
		got := c.CategoriseHistory(h.txs, &Profile{OwnAccounts: h.own})
		for i, r := range got {
			conf.add(h.truth[i], r.Category)
			single.add(h.truth[i], c.Categorise(h.txs[i], nil).Category)
			if r.Category != h.truth[i] {
				misses[h.truth[i]+" <- "+r.Category+" "+h.txs[i].Description]++
			}
		}
	}
	t.Logf("mock banks: %d transactions, accuracy %.4f, macro-F1 %.4f (one by one, no subject: %.4f)",
		conf.n, conf.accuracy(), conf.macroF1(), single.accuracy())
	for m, n := range misses {
		if n > 2 {
			t.Logf("%4d %s", n, m)
		}
	}
	if conf.accuracy() < mockAccuracyFloor {
		t.Errorf("mock-bank accuracy %.4f fell below %.4f", conf.accuracy(), mockAccuracyFloor)
	}
}
