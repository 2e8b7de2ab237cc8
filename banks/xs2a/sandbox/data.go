package sandbox

import (
	"errors"
	"net/http"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
)

// access checks the Consent-ID of an account-data call and counts it:
// it answers for the caller and returns false when the call must stop.
// counted calls (GET /v1/accounts) without the subject, after the hour
// that follows the SCA, are limited to the consent's frequencyPerDay.
func (a *ASPSP) access(w http.ResponseWriter, r *http.Request, counted bool) (banks.Consent, bool) {
	now := a.now()
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.consents[r.Header.Get("Consent-ID")]
	switch {
	case !ok || c.bank != r.PathValue("bank"):
		fail(w, http.StatusForbidden, "CONSENT_UNKNOWN", "no such consent")
		return banks.Consent{}, false
	case c.status == "valid" && !now.Before(c.granted.ValidUntil):
		c.status = "expired"
	case c.status == "valid" && a.opts.Behaviour.ExpireAfterFirst && !c.lastAction.IsZero() &&
		c.lastAction.UTC().Format(time.DateOnly) != now.UTC().Format(time.DateOnly):
		c.status = "expired"
	}
	switch c.status {
	case "valid":
	case "expired":
		fail(w, http.StatusUnauthorized, "CONSENT_EXPIRED", "the consent has expired")
		return banks.Consent{}, false
	default:
		fail(w, http.StatusUnauthorized, "CONSENT_INVALID", "the consent is "+c.status)
		return banks.Consent{}, false
	}
	if every := a.opts.Behaviour.ThrottleEvery; every > 0 {
		if a.calls++; a.calls%every == 0 {
			throttle(w, 1)
			return banks.Consent{}, false
		}
	}
	if counted && r.Header.Get("PSU-IP-Address") == "" && now.Sub(c.granted.GrantedAt) >= xs2a.SCAWindow {
		day := now.UTC().Format(time.DateOnly)
		if c.unattended[day] >= c.frequency {
			throttle(w, 3600)
			return banks.Consent{}, false
		}
		c.unattended[day]++
	}
	c.lastAction = now
	if counted {
		a.saveLocked()
	}
	return c.granted, true
}

// refuse answers a mock bank's error as the standard's.
func refuse(w http.ResponseWriter, err error) {
	var te *banks.ThrottleError
	switch {
	case errors.As(err, &te):
		throttle(w, max(1, int(te.RetryAfter/time.Second)))
	case errors.Is(err, banks.ErrConsentExpired):
		fail(w, http.StatusUnauthorized, "CONSENT_EXPIRED", "the consent has expired")
	case errors.Is(err, banks.ErrConsentRevoked), errors.Is(err, banks.ErrConsentNotGranted):
		fail(w, http.StatusUnauthorized, "CONSENT_INVALID", "the consent was revoked")
	case errors.Is(err, banks.ErrUnknownAccount):
		fail(w, http.StatusNotFound, "RESOURCE_UNKNOWN", "no such account")
	case errors.Is(err, banks.ErrMaintenance):
		w.Header().Set("Retry-After", "3600")
		fail(w, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "the bank is in maintenance")
	default:
		fail(w, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "the bank is unavailable")
	}
}

// revoke marks a consent the mock bank says is revoked as the subject's
// withdrawal (revokedByPsu), as its status then reads.
func (a *ASPSP) revoke(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.consents[id]; c != nil && c.status == "valid" {
		c.status = "revokedByPsu"
		a.saveLocked()
	}
}

// accounts is GET /v1/accounts.
func (a *ASPSP) accounts(w http.ResponseWriter, r *http.Request) {
	c, ok := a.access(w, r, true)
	if !ok {
		return
	}
	list, err := a.banks[c.Bank].Accounts(r.Context(), c)
	if errors.Is(err, banks.ErrConsentRevoked) {
		a.revoke(r.Header.Get("Consent-ID"))
	}
	if err != nil {
		refuse(w, err)
		return
	}
	a.mu.Lock()
	if k := a.consents[r.Header.Get("Consent-ID")]; k != nil {
		k.accounts = list
	}
	a.mu.Unlock()
	out := make([]map[string]any, len(list))
	for i, acc := range list {
		out[i] = a.account(r, acc)
	}
	answer(w, http.StatusOK, map[string]any{"accounts": out})
}

// account is one account's details, with its balances when the request
// says withBalance=true.
func (a *ASPSP) account(r *http.Request, acc banks.Account) map[string]any {
	out := map[string]any{"resourceId": acc.ID, "iban": acc.IBAN, "currency": acc.Currency,
		"_links": map[string]any{"balances": href(pathBase(r) + "/v1/accounts/" + acc.ID + "/balances"),
			"transactions": href(pathBase(r) + "/v1/accounts/" + acc.ID + "/transactions")}}
	if !a.opts.Behaviour.Sparse {
		out["name"], out["product"], out["cashAccountType"] = acc.Name, acc.Name, cashAccountType(acc.Type)
	}
	if r.URL.Query().Get("withBalance") == "true" {
		out["balances"] = a.balanceList(acc)
	}
	return out
}

// balances is GET /v1/accounts/{account}/balances.
func (a *ASPSP) balances(w http.ResponseWriter, r *http.Request) {
	c, ok := a.access(w, r, false)
	if !ok {
		return
	}
	acc, err := a.findAccount(r, c)
	if err != nil {
		refuse(w, err)
		return
	}
	answer(w, http.StatusOK, map[string]any{"account": map[string]string{"iban": acc.IBAN}, "balances": a.balanceList(acc)})
}

// balanceList is an account's balances: booked, and available without
// and with its credit line.
func (a *ASPSP) balanceList(acc banks.Account) []map[string]any {
	list := []map[string]any{{"balanceAmount": money(acc.Balance, acc.Currency), "balanceType": "interimBooked"}}
	if !a.opts.Behaviour.Sparse {
		list = append(list, map[string]any{"balanceAmount": money(acc.Available, acc.Currency), "balanceType": "interimAvailable",
			"creditLimitIncluded": false})
		if acc.Limit > 0 {
			list = append(list, map[string]any{"balanceAmount": money(acc.Available+acc.Limit, acc.Currency),
				"balanceType": "interimAvailable", "creditLimitIncluded": true})
		}
	}
	return list
}

// findAccount is the path's account among the consent's.
func (a *ASPSP) findAccount(r *http.Request, c banks.Consent) (banks.Account, error) {
	a.mu.Lock()
	list := a.consents[r.Header.Get("Consent-ID")].accounts
	a.mu.Unlock()
	if list == nil {
		var err error
		if list, err = a.banks[c.Bank].Accounts(r.Context(), c); err != nil {
			return banks.Account{}, err
		}
	}
	for _, acc := range list {
		if acc.ID == r.PathValue("account") {
			return acc, nil
		}
	}
	return banks.Account{}, banks.ErrUnknownAccount
}

func href(s string) map[string]string { return map[string]string{"href": s} }

func cashAccountType(t banks.AccountType) string {
	switch t {
	case banks.Savings:
		return "SVGS"
	case banks.CreditCard:
		return "CARD"
	}
	return "CACC"
}
