package xs2a

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestAccountsBalances: balances come with the account list when the bank
// gives them for withBalance=true, and from one more request per account
// when it does not.
func TestAccountsBalances(t *testing.T) {
	const withList = `{"accounts":[{"resourceId":"a1","iban":"DE02120300000000202051","currency":"EUR",` +
		`"balances":[{"balanceAmount":{"currency":"EUR","amount":"12.50"},"balanceType":"interimBooked"}]}]}`
	const withoutList = `{"accounts":[{"resourceId":"a1","iban":"DE02120300000000202051","currency":"EUR"}]}`
	const separate = `{"balances":[{"balanceAmount":{"currency":"EUR","amount":"7.00"},"balanceType":"closingBooked"}]}`
	for _, tc := range []struct {
		name     string
		list     string
		balance  int64
		requests int
	}{
		{"with the list", withList, 1250, 1},
		{"asked apart", withoutList, 700, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			requests := 0
			c := fakeConnector(t, func(r *http.Request) (int, string) {
				requests++
				if strings.HasSuffix(r.URL.Path, "/balances") {
					return 200, separate
				}
				if r.URL.Query().Get("withBalance") != "true" {
					t.Errorf("GET %s without withBalance=true", r.URL)
				}
				return 200, tc.list
			})
			accounts, err := c.Accounts(context.Background(), okConsent)
			if err != nil {
				t.Fatal(err)
			}
			if len(accounts) != 1 || accounts[0].Balance != tc.balance || requests != tc.requests {
				t.Fatalf("accounts %+v after %d requests, want balance %d after %d", accounts, requests, tc.balance, tc.requests)
			}
		})
	}
}
