package xs2a

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"openbank/banks"
)

// FuzzTransactionPage feeds the connector any page: it must fail with a
// provider error or map what it read, never panic.
func FuzzTransactionPage(f *testing.F) {
	f.Add(`{"transactions":{"booked":[{"transactionId":"1","bookingDate":"2026-03-01","transactionAmount":{"currency":"EUR","amount":"-12.5"},"creditorName":"Shop","creditorAccount":{"iban":"DE02120300000000202051"}}],"pending":[{"transactionAmount":{"currency":"JPY","amount":"7"}}],"_links":{}}}`)
	f.Add(`{"transactions":{"booked":[{"transactionAmount":{"currency":"EUR","amount":"1e9"}}]}}`)
	f.Add(`{"transactions":{"_links":{"next":{"href":"::"}}}}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, body string) {
		first := true
		c := fakeConnector(t, func(*http.Request) (int, string) {
			if first {
				first = false
				return 200, body
			}
			return 200, `{"transactions":{"_links":{}}}`
		})
		txs, err := c.Transactions(context.Background(), okConsent, "a1", banks.Query{})
		var pe *banks.ProviderError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("err = %v, want a provider error", err)
		}
		for _, tx := range txs {
			if tx.ID == "" || tx.Currency == "" {
				t.Fatalf("mapped a transaction without id or currency: %+v", tx)
			}
		}
	})
}
