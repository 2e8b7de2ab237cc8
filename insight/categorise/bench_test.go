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

// BenchmarkCategoriseContinental categorises one by one, on one goroutine, lines in the
// formats of French, German, Spanish, Italian, Dutch and Belgian banks, longer than the UK's
// and with SEPA field labels.
func BenchmarkCategoriseContinental(b *testing.B) {
	c := categoriser(b)
	txs := []Transaction{
		{Description: "VIR SEPA RECU /DE DECATHLON FRANCE SAS /MOTIF SALAIRE MARS 2024 /REF 0324-118734", Amount: 234567},
		{Description: "PRLV SEPA EDF CLIENTS PARTICULIERS ECH/120324 ID EMETTEUR/FR19ZZZ001823", Amount: -8500},
		{Description: "Kartenzahlung REWE Markt GmbH//Koeln/DE 2024-03-12T18:23:11 Karte 1 2027-12", Amount: -5432},
		{Description: "SEPA-Lastschrift ING-DiBa AG Baufinanzierung Rate 04/2024", Amount: -153200},
		{Description: "COMPRA TARJ. 5540XXXXXXXX1234 MERCADONA VALENCIA", Amount: -5432},
		{Description: "PAGAMENTO POS 54,32 EUR DEL 12.03.2024 A (ITA) ESSELUNGA CARTA N.XXXX 1234", Amount: -5432},
		{Description: "SEPA Overboeking IBAN: NL12INGB0001234567 BIC: INGBNL2A Naam: ALBERT HEIJN BV Omschrijving: SALARIS MAART 2024", Amount: 284532},
		{Description: "Europese domiciliering KBC BANK WOONKREDIET AFLOSSING", Amount: -110000},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Categorise(txs[i%len(txs)], nil)
	}
}
