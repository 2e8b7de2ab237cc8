package categorise

import (
	"context"
	"strconv"
	"testing"

	"openbank/banks"
)

// largeHistory is the "large" test user's download from Consumer Multi-Account
// as one history, with the subject's own accounts: what a first fetch of
// that user categorises.
func largeHistory(t testing.TB) ([]Transaction, *Profile) {
	t.Helper()
	ctx := context.Background()
	p, err := banks.NewMock(banks.ConsumerMultiAccount, banks.Options{})
	if err != nil {
		t.Fatal(err)
	}
	auth, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	consent, err := p.CompleteSCA(ctx, auth, banks.Credentials{Username: "large", Password: banks.TestPassword})
	if err != nil {
		t.Fatal(err)
	}
	accounts, err := p.Accounts(ctx, consent)
	if err != nil {
		t.Fatal(err)
	}
	var txs []Transaction
	s := &Profile{Kind: KindConsumer}
	for _, a := range accounts {
		s.OwnAccounts = append(s.OwnAccounts, a.IBAN, a.Name)
		rows, err := p.Transactions(ctx, consent, a.ID, banks.Query{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			txs = append(txs, Transaction{Description: r.Description, Amount: r.Amount, Date: r.TransactionDate,
				Counterparty: r.Counterparty, CounterpartyAccount: r.CounterpartyAccount, Method: string(r.Method)})
		}
	}
	return txs, s
}

// BenchmarkCategoriseHistory categorises the "large" user's history as a
// first fetch does; tx/s is per wall-clock second on every processor.
func BenchmarkCategoriseHistory(b *testing.B) {
	c := categoriser(b)
	txs, s := largeHistory(b)
	b.ReportAllocs()
	for b.Loop() {
		c.CategoriseHistory(txs, s)
	}
	b.ReportMetric(float64(len(txs)*b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkCategoriseHistoryDistinct is BenchmarkCategoriseHistory with
// every description made distinct (a number appended), so that nothing is
// read or decided once for several transactions.
func BenchmarkCategoriseHistoryDistinct(b *testing.B) {
	c := categoriser(b)
	txs, s := largeHistory(b)
	for i := range txs {
		txs[i].Description += " " + strconv.Itoa(i)
	}
	b.ReportAllocs()
	for b.Loop() {
		c.CategoriseHistory(txs, s)
	}
	b.ReportMetric(float64(len(txs)*b.N)/b.Elapsed().Seconds(), "tx/s")
}
