package banks

import (
	"context"
	"testing"
	"time"
)

func TestLargeHistoryPagesByID(t *testing.T) {
	t.Parallel()
	clk := &clock{testNow.AddDate(0, 0, -5)}
	p, _ := NewMock(ConsumerLowRisk, Options{Now: clk.Now})
	c, err := connect(t, p, Credentials{Username: "large", Password: TestPassword})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	accounts, _ := p.Accounts(ctx, c)
	first, err := p.Transactions(ctx, c, accounts[0].ID, Query{})
	if err != nil || len(first) <= 10000 {
		t.Fatalf("large history has %d transactions, err %v", len(first), err)
	}
	clk.now = testNow
	last := first[len(first)-1].ID
	newer, _ := p.Transactions(ctx, c, accounts[0].ID, Query{AfterID: last})
	if len(newer) == 0 {
		t.Fatal("nothing newer after five days")
	}
	held := map[string]bool{}
	for _, tx := range first {
		held[tx.ID] = true
	}
	for _, tx := range newer {
		if tx.ID <= last || held[tx.ID] {
			t.Fatalf("transaction %s is not newer than %s", tx.ID, last)
		}
	}
}

func TestTransactionsQuery(t *testing.T) {
	t.Parallel()
	p, _ := NewMock(ConsumerMultiAccount, Options{Now: (&clock{testNow}).Now})
	c, _ := connect(t, p, Credentials{Username: "user", Password: TestPassword})
	ctx := context.Background()
	accounts, _ := p.Accounts(ctx, c)
	from := testNow.AddDate(0, -1, 0)
	tests := []struct {
		name    string
		account string
		q       Query
		check   func(Transaction) bool
		wantErr error
	}{
		{"everything", accounts[2].ID, Query{}, func(Transaction) bool { return true }, nil},
		{"from a day", accounts[0].ID, Query{From: from}, func(tx Transaction) bool {
			return !tx.BookingDate.Before(from.Truncate(24*time.Hour)) || tx.Status == Pending
		}, nil},
		{"unknown account", "acc_nope", Query{}, nil, ErrUnknownAccount},
	}
	for _, tt := range tests {
		txs, err := p.Transactions(ctx, c, tt.account, tt.q)
		if err != tt.wantErr {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.wantErr)
			continue
		}
		if tt.wantErr == nil && len(txs) == 0 {
			t.Errorf("%s: no transactions", tt.name)
		}
		for _, tx := range txs {
			if !tt.check(tx) || tx.AccountID != tt.account {
				t.Errorf("%s: unexpected %s %s", tt.name, tx.ID, tx.BookingDate)
			}
		}
	}
}
