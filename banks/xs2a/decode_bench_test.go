package xs2a

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"openbank/banks"
)

// BenchmarkDecodePage decodes and maps a page of 500 entries shaped like
// a bank's: dates, currency, merchants and codes repeat along the page.
func BenchmarkDecodePage(b *testing.B) {
	var page bytes.Buffer
	page.WriteString(`{"account":{"iban":"DE02120300000000202051"},"transactions":{"booked":[`)
	merchants := []string{"Rewe Markt", "Deutsche Bahn", "Stadtwerke Berlin", "Amazon EU", "Lidl", "Employer GmbH", "Vodafone", "Netflix"}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i := range 500 {
		if i > 0 {
			page.WriteByte(',')
		}
		date := day.AddDate(0, 0, -i/4).Format(time.DateOnly)
		fmt.Fprintf(&page, `{"transactionId":"tx%06d","entryReference":"tx%06d","bookingDate":%q,"valueDate":%q,`+
			`"transactionAmount":{"currency":"EUR","amount":"-%d.%02d"},"creditorName":%q,"creditorAccount":{"iban":"DE89370400440532013000"},`+
			`"remittanceInformationUnstructured":"Purchase %d","bankTransactionCode":"PMNT-ICDT-STDO","proprietaryBankTransactionCode":"transfer",`+
			`"balanceAfterTransaction":{"balanceAmount":{"currency":"EUR","amount":"%d.00"},"balanceType":"interimBooked"}}`,
			i, i, date, date, i%97, i%100, merchants[i%len(merchants)], i, 5000-i)
	}
	page.WriteString(`],"pending":[],"_links":{"account":{"href":"/v1/accounts/a1"}}}}`)
	c, err := New(Bank{Code: "fake", Name: "Fake Bank", Country: "DE", BaseURL: "https://bank.example/psd2"}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(page.Len()))
	b.ReportAllocs()
	var out []banks.Transaction
	for b.Loop() {
		p := pageBuffers.Get().(*transactionsAnswer)
		if err := c.decode(bytes.NewReader(page.Bytes()), p, "GET", "/v1/accounts/a1/transactions"); err != nil {
			b.Fatal(err)
		}
		if out, err = c.mapEntries(out[:0], "a1", p.Transactions.Booked, banks.Booked, banks.Query{}); err != nil {
			b.Fatal(err)
		}
		putPage(p)
	}
}
