package sandbox

import (
	"context"
	"errors"
	"sort"

	"openbank/banks"
)

// The app's refusals.
var (
	ErrNoBank     = errors.New("sandbox: no such bank")
	ErrSignIn     = errors.New("sandbox: the customer ID or password is not right")
	ErrNotWaiting = errors.New("sandbox: the request is no longer waiting")
)

// Request is one access request waiting in a test user's app.
type Request struct {
	Consent, Authorisation string
}

// Bank describes the bank of code, if the sandbox serves it.
func (a *ASPSP) Bank(code string) (banks.Info, bool) {
	p, ok := a.banks[code]
	if !ok {
		return banks.Info{}, false
	}
	return p.Info(), true
}

// SignIn checks a test user's customer ID and password at bank, as the
// bank's sign-in page does: the mock bank checks them. A user owed a
// one-time code passes: the app stands for the code.
func (a *ASPSP) SignIn(ctx context.Context, bank, username, password string) error {
	p, ok := a.banks[bank]
	if !ok {
		return ErrNoBank
	}
	_, err := p.CompleteSCA(ctx, banks.Authorisation{Bank: bank}, banks.Credentials{Username: username, Password: password})
	switch {
	case err == nil, errors.Is(err, banks.ErrOneTimeCodeRequired):
		return nil
	case errors.Is(err, banks.ErrInvalidCredentials):
		return ErrSignIn
	}
	return err
}

// Pending lists the requests waiting for psu's approval at bank, in a
// stable order.
func (a *ASPSP) Pending(bank, psu string) []Request {
	list := make([]Request, 0)
	a.mu.Lock()
	for _, c := range a.consents {
		if c.bank != bank || c.status != "received" || !c.decoupled {
			continue
		}
		for _, au := range c.authorisations {
			if au.psu == psu && au.status == "scaMethodSelected" {
				list = append(list, Request{Consent: c.id, Authorisation: au.id})
			}
		}
	}
	a.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].Authorisation < list[j].Authorisation })
	return list
}

// Decide answers psu's request in the app: approve decides as the test
// user's sign-in would, otherwise the consent is rejected. It reports
// whether the consent is now valid; a request that is not psu's, or no
// longer waits, is ErrNotWaiting.
func (a *ASPSP) Decide(ctx context.Context, bank, psu string, req Request, approve bool) (bool, error) {
	cur, ok := a.waiting(bank, psu, req)
	if !ok {
		return false, ErrNotWaiting
	}
	got := banks.Consent{Status: banks.ConsentFail}
	if approve {
		var err error
		got, err = a.banks[bank].CompleteSCA(ctx, a.authorisationOf(cur, ""),
			banks.Credentials{Username: psu, Password: banks.TestPassword, OneTimeCode: banks.TestOneTimeCode})
		if err != nil {
			return false, err
		}
	}
	status := a.decide(req.Consent, got)
	a.setAuthorisation(req.Consent, req.Authorisation, status)
	return status == "finalised", nil
}

// waiting finds the consent of a request still waiting for psu.
func (a *ASPSP) waiting(bank, psu string, req Request) (consent, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.consents[req.Consent]
	if !ok || c.bank != bank || c.status != "received" {
		return consent{}, false
	}
	au := c.authorisations[req.Authorisation]
	if au == nil || au.psu != psu || au.status != "scaMethodSelected" {
		return consent{}, false
	}
	return *c, true
}
