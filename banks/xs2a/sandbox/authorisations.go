package sandbox

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"openbank/banks"
)

// authorisation is one authorisation sub-resource of a consent, in the
// embedded approach: the subject it identified and how far its SCA got.
type authorisation struct {
	id        string
	challenge string // the mock bank's challenge: the username whose code is owed
	status    string // psuAuthenticated, scaMethodSelected, finalised, failed
	psu       string // decoupled: the subject whose app is asked
}

// scaMethods are the SCA methods the embedded banks offer a subject owed a
// one-time code: both deliver banks.TestOneTimeCode.
var scaMethods = []map[string]string{
	{"authenticationType": "SMS_OTP", "authenticationMethodId": "sms", "name": "SMS to +49 160 xxxxx 28"},
	{"authenticationType": "CHIP_OTP", "authenticationMethodId": "chip", "name": "Card reader"},
}

// startAuthorisation is POST /v1/consents/{id}/authorisations with the
// subject's PSU-ID and psuData.password (the embedded approach): the mock
// bank checks them; a subject owed a one-time code chooses an SCA method
// next, any other SCA ends here.
func (a *ASPSP) startAuthorisation(w http.ResponseWriter, r *http.Request) {
	c, ok := a.openConsent(w, r)
	if !ok {
		return
	}
	if c.decoupled {
		a.startDecoupled(w, r, c)
		return
	}
	var req struct {
		PSUData struct {
			Password string `json:"password"`
		} `json:"psuData"`
	}
	psu := r.Header.Get("PSU-ID")
	if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&req); err != nil || psu == "" || req.PSUData.Password == "" {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "PSU-ID and psuData.password are required")
		return
	}
	got, err := a.banks[c.bank].CompleteSCA(r.Context(), a.authorisationOf(c, ""),
		banks.Credentials{Username: psu, Password: req.PSUData.Password})
	if errors.Is(err, banks.ErrOneTimeCodeRequired) {
		au := &authorisation{id: newID(), challenge: got.Challenge, status: "psuAuthenticated"}
		a.addAuthorisation(c.id, au)
		w.Header().Set("ASPSP-SCA-Approach", "EMBEDDED")
		answer(w, http.StatusCreated, map[string]any{"scaStatus": au.status, "authorisationId": au.id, "scaMethods": scaMethods,
			"_links": map[string]any{"selectAuthenticationMethod": href(a.authorisationPath(r, c, au.id)),
				"scaStatus": href(a.authorisationPath(r, c, au.id))}})
		return
	}
	if !decided(w, err) {
		return
	}
	au := &authorisation{id: newID(), status: a.decide(c.id, got)}
	a.addAuthorisation(c.id, au)
	w.Header().Set("ASPSP-SCA-Approach", "EMBEDDED")
	answer(w, http.StatusCreated, map[string]any{"scaStatus": au.status, "authorisationId": au.id,
		"_links": map[string]any{"scaStatus": href(a.authorisationPath(r, c, au.id))}})
}

// updateAuthorisation is PUT /v1/consents/{id}/authorisations/{auth}: the
// choice of an SCA method, then the one-time code. A wrong code leaves the
// authorisation open for another try, as the mock bank's form does.
func (a *ASPSP) updateAuthorisation(w http.ResponseWriter, r *http.Request) {
	c, ok := a.openConsent(w, r)
	if !ok {
		return
	}
	au, ok := a.findAuthorisation(w, r)
	if !ok {
		return
	}
	var req struct {
		AuthenticationMethodID string `json:"authenticationMethodId"`
		SCAAuthenticationData  string `json:"scaAuthenticationData"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "the body must be JSON")
		return
	}
	w.Header().Set("ASPSP-SCA-Approach", "EMBEDDED")
	switch {
	case au.status == "psuAuthenticated" && req.AuthenticationMethodID != "":
		method := methodOf(req.AuthenticationMethodID)
		if method == nil {
			fail(w, http.StatusBadRequest, "SCA_METHOD_UNKNOWN", "no such SCA method")
			return
		}
		a.setAuthorisation(c.id, au.id, "scaMethodSelected")
		answer(w, http.StatusOK, map[string]any{"scaStatus": "scaMethodSelected", "chosenScaMethod": method,
			"challengeData": map[string]any{"otpMaxLength": len(banks.TestOneTimeCode), "otpFormat": "integer",
				"additionalInformation": "Sandbox bank: the code is " + banks.TestOneTimeCode + "."},
			"_links": map[string]any{"authoriseTransaction": href(a.authorisationPath(r, c, au.id)),
				"scaStatus": href(a.authorisationPath(r, c, au.id))}})
	case au.status == "scaMethodSelected" && req.SCAAuthenticationData != "":
		auth := a.authorisationOf(c, au.challenge)
		got, err := a.banks[c.bank].CompleteSCA(r.Context(), auth, banks.Credentials{OneTimeCode: req.SCAAuthenticationData})
		if !decided(w, err) {
			return
		}
		status := a.decide(c.id, got)
		a.setAuthorisation(c.id, au.id, status)
		answer(w, http.StatusOK, map[string]any{"scaStatus": status,
			"_links": map[string]any{"scaStatus": href(a.authorisationPath(r, c, au.id))}})
	default:
		fail(w, http.StatusConflict, "STATUS_INVALID", "the authorisation is "+au.status+": it expects another update")
	}
}

// scaStatus is GET /v1/consents/{id}/authorisations/{auth}.
func (a *ASPSP) scaStatus(w http.ResponseWriter, r *http.Request) {
	if _, ok := a.consent(w, r); !ok {
		return
	}
	if au, ok := a.findAuthorisation(w, r); ok {
		answer(w, http.StatusOK, map[string]string{"scaStatus": au.status})
	}
}

// decided answers the mock bank's refusal of the subject's credentials or
// code (401 PSU_CREDENTIALS_INVALID) or its failure, and reports whether
// the bank decided instead.
func decided(w http.ResponseWriter, err error) bool {
	var ce *banks.ConsentError
	switch {
	case err == nil:
		return true
	case errors.As(err, &ce):
		fail(w, http.StatusUnauthorized, "PSU_CREDENTIALS_INVALID", "the customer ID, password or code is not right")
	default:
		refuse(w, err)
	}
	return false
}

// decide records the mock bank's decision on a consent still waiting for
// its SCA and returns the authorisation's status: finalised when the
// consent is valid, failed otherwise (rejected, or left received when the
// subject gave up).
func (a *ASPSP) decide(id string, got banks.Consent) string {
	status, result := "rejected", "failed"
	switch got.Status {
	case banks.ConsentOK:
		status, result = "valid", "finalised"
	case banks.ConsentNew:
		status = "received"
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if cur := a.consents[id]; cur != nil && cur.status == "received" {
		cur.status = status
		if status == "valid" {
			cur.granted = got
		}
		a.saveLocked()
	}
	return result
}

// authorisationOf is what the mock bank is asked to decide on.
func (a *ASPSP) authorisationOf(c consent, challenge string) banks.Authorisation {
	return banks.Authorisation{Bank: c.bank, Seed: c.seed, ValidFor: a.validUntil(c).Sub(a.now()), Challenge: challenge}
}

// openConsent finds the consent of the path while it waits for its SCA
// in the decoupled approach, or by one of the embedded banks.
func (a *ASPSP) openConsent(w http.ResponseWriter, r *http.Request) (consent, bool) {
	c, ok := a.consent(w, r)
	switch {
	case !ok:
		return c, false
	case !c.decoupled && a.banks[c.bank].Info().SCA != banks.SCAEmbedded:
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "this bank signs its customers in on its own page (scaRedirect)")
		return c, false
	case c.status != "received":
		fail(w, http.StatusConflict, "STATUS_INVALID", "the consent is "+c.status)
		return c, false
	}
	return c, true
}

func (a *ASPSP) addAuthorisation(consentID string, au *authorisation) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.consents[consentID]; c != nil {
		if c.authorisations == nil {
			c.authorisations = map[string]*authorisation{}
		}
		c.authorisations[au.id] = au
		a.saveLocked()
	}
}

func (a *ASPSP) setAuthorisation(consentID, id, status string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.consents[consentID]; c != nil && c.authorisations[id] != nil {
		au := c.authorisations[id]
		au.status = status
		a.saveLocked()
	}
}

// findAuthorisation finds the authorisation of the path, or answers 403
// RESOURCE_UNKNOWN.
func (a *ASPSP) findAuthorisation(w http.ResponseWriter, r *http.Request) (authorisation, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.consents[r.PathValue("id")]; c != nil {
		if au := c.authorisations[r.PathValue("auth")]; au != nil {
			return *au, true
		}
	}
	fail(w, http.StatusForbidden, "RESOURCE_UNKNOWN", "no such authorisation")
	return authorisation{}, false
}

func (a *ASPSP) authorisationPath(r *http.Request, c consent, id string) string {
	return pathBase(r) + "/v1/consents/" + c.id + "/authorisations/" + id
}

func methodOf(id string) map[string]string {
	for _, m := range scaMethods {
		if m["authenticationMethodId"] == id {
			return m
		}
	}
	return nil
}
