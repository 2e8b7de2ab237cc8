package xs2a

import (
	"context"
	"net/http"
	"net/url"

	"openbank/banks"
)

// Accounts lists the consent's accounts with their balances, asked for
// with the list (withBalance=true); an account the bank lists without
// them costs one more request.
func (c *Connector) Accounts(ctx context.Context, consent banks.Consent) ([]banks.Account, error) {
	if err := c.authorise(consent); err != nil {
		return nil, err
	}
	var list accountList
	if err := c.do(ctx, call{method: http.MethodGet, path: "v1/accounts?withBalance=true", consentID: consent.Reference}, &list); err != nil {
		return nil, err
	}
	out := make([]banks.Account, 0, len(list.Accounts))
	for _, a := range list.Accounts {
		if a.ResourceID == "" {
			c.stats.BadAnswers.Add(1)
			return nil, badAnswer("an account without resourceId")
		}
		bs := balances{Balances: a.Balances}
		if len(bs.Balances) == 0 {
			if err := c.do(ctx, call{method: http.MethodGet, path: "v1/accounts/" + url.PathEscape(a.ResourceID) + "/balances",
				consentID: consent.Reference}, &bs); err != nil {
				return nil, err
			}
		}
		account, err := accountOf(a, bs.Balances)
		if err != nil {
			c.stats.BadAnswers.Add(1)
			return nil, err
		}
		out = append(out, account)
	}
	return out, nil
}

// authorise checks that a consent is this bank's and ok.
func (c *Connector) authorise(consent banks.Consent) error {
	if consent.Bank != c.info.Code || consent.Status != banks.ConsentOK || consent.Reference == "" {
		return banks.ErrConsentNotGranted
	}
	if !c.now().Before(consent.ValidUntil) {
		return banks.ErrConsentExpired
	}
	return nil
}

// accountOf maps an account and its balances: the booked balance
// (closingBooked, else interimBooked, else expected), the available one
// without credit (interimAvailable) and the limit, the difference between
// the available balance with and without the credit line.
func accountOf(a accountDetails, bs []balance) (banks.Account, error) {
	out := banks.Account{ID: a.ResourceID, IBAN: a.IBAN, Currency: a.Currency, Type: accountType(a.CashAccountType)}
	if out.IBAN == "" {
		out.IBAN = a.BBAN
	}
	out.Name = firstOf(a.Name, a.DisplayName, a.Product, out.IBAN)
	found := map[string]int64{}
	for _, b := range bs {
		v, err := minorUnits(b.BalanceAmount)
		if err != nil {
			return out, err
		}
		kind := b.BalanceType
		if b.CreditLimitIncluded != nil && *b.CreditLimitIncluded {
			kind += "+credit"
		}
		if _, seen := found[kind]; !seen {
			found[kind] = v
		}
	}
	booked, ok := pick(found, "closingBooked", "interimBooked", "expected", "openingBooked")
	if !ok {
		return out, badAnswer("account " + a.ResourceID + " without a booked balance")
	}
	out.Balance = booked
	out.Available, ok = pick(found, "interimAvailable", "expected", "forwardAvailable")
	if !ok {
		out.Available = booked
	}
	if withCredit, ok := pick(found, "interimAvailable+credit", "forwardAvailable+credit"); ok && withCredit > out.Available {
		out.Limit = withCredit - out.Available
	}
	return out, nil
}

func pick(found map[string]int64, kinds ...string) (int64, bool) {
	for _, k := range kinds {
		if v, ok := found[k]; ok {
			return v, true
		}
	}
	return 0, false
}

// accountType maps the ISO 20022 cash account type.
func accountType(code string) banks.AccountType {
	switch code {
	case "SVGS", "MOMA", "LLSV", "ONDP":
		return banks.Savings
	case "CARD":
		return banks.CreditCard
	}
	return banks.Current
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
