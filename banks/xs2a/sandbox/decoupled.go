package sandbox

import (
	"net/http"
	"slices"

	"openbank/banks"
)

// appMethod is the decoupled approach's SCA method: the bank's app.
var appMethod = map[string]string{"authenticationType": "PUSH_OTP", "authenticationMethodId": "app", "name": "Sandbox bank app"}

// startDecoupled starts the authorisation of a consent asked for with the
// decoupled approach: PSU-ID names a test user, whose app (Pending,
// Decide) then shows the request until the subject approves or denies it.
func (a *ASPSP) startDecoupled(w http.ResponseWriter, r *http.Request, c consent) {
	psu := r.Header.Get("PSU-ID")
	if !slices.Contains(banks.TestUsernames(), psu) {
		fail(w, http.StatusUnauthorized, "PSU_CREDENTIALS_INVALID", "no such customer")
		return
	}
	au := &authorisation{id: newID(), psu: psu, status: "scaMethodSelected"}
	a.addAuthorisation(c.id, au)
	w.Header().Set("ASPSP-SCA-Approach", "DECOUPLED")
	answer(w, http.StatusCreated, map[string]any{"scaStatus": au.status, "authorisationId": au.id, "chosenScaMethod": appMethod,
		"psuMessage": "Approve the access in your banking app.",
		"_links":     map[string]any{"scaStatus": href(a.authorisationPath(r, c, au.id))}})
}
