package sandbox

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"openbank/banks"
)

// createConsent is POST /v1/consents: a consent waiting for its SCA, on
// the bank's page (redirect), in the bank's app when the TPP prefers the
// decoupled approach (any bank), or, for the embedded banks, by the
// authorisation the subject's credentials start.
func (a *ASPSP) createConsent(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Access             json.RawMessage `json:"access"`
		RecurringIndicator *bool           `json:"recurringIndicator"`
		ValidUntil         string          `json:"validUntil"`
		FrequencyPerDay    int             `json:"frequencyPerDay"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&req); err != nil || req.Access == nil || req.RecurringIndicator == nil {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "the body must hold access, recurringIndicator, validUntil and frequencyPerDay")
		return
	}
	until, err := time.Parse(time.DateOnly, req.ValidUntil)
	if err != nil || until.After(a.now().AddDate(0, 0, 181)) {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "validUntil must be a date within 180 days")
		return
	}
	if req.FrequencyPerDay < 1 || req.FrequencyPerDay > 4 || (!*req.RecurringIndicator && req.FrequencyPerDay != 1) {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "frequencyPerDay must be 1 to 4, and 1 for a one-off consent")
		return
	}
	decoupled := r.Header.Get("TPP-Decoupled-Preferred") == "true"
	embedded := !decoupled && a.banks[r.PathValue("bank")].Info().SCA == banks.SCAEmbedded
	back := r.Header.Get("TPP-Redirect-URI")
	if u, err := url.Parse(back); !embedded && !decoupled && (err != nil || !u.IsAbs()) {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "TPP-Redirect-URI is required for the redirect approach")
		return
	}
	c := &consent{id: newID(), bank: r.PathValue("bank"), seed: seedOf(r.Header.Get("PSU-ID")), status: "received",
		recurring: *req.RecurringIndicator, validUntil: req.ValidUntil, frequency: req.FrequencyPerDay,
		redirectURI: back, decoupled: decoupled, unattended: map[string]int{}}
	a.mu.Lock()
	a.consents[c.id] = c
	a.saveLocked()
	a.mu.Unlock()
	w.Header().Set("Location", pathBase(r)+"/v1/consents/"+c.id)
	if decoupled {
		w.Header().Set("ASPSP-SCA-Approach", "DECOUPLED")
		answer(w, http.StatusCreated, map[string]any{"consentStatus": c.status, "consentId": c.id, "_links": map[string]any{
			"startAuthorisationWithPsuIdentification": href(pathBase(r) + "/v1/consents/" + c.id + "/authorisations"),
			"status": href(pathBase(r) + "/v1/consents/" + c.id + "/status"),
		}})
		return
	}
	if embedded {
		w.Header().Set("ASPSP-SCA-Approach", "EMBEDDED")
		answer(w, http.StatusCreated, map[string]any{"consentStatus": c.status, "consentId": c.id, "_links": map[string]any{
			"startAuthorisationWithPsuAuthentication": href(pathBase(r) + "/v1/consents/" + c.id + "/authorisations"),
			"status": href(pathBase(r) + "/v1/consents/" + c.id + "/status"),
		}})
		return
	}
	answer(w, http.StatusCreated, map[string]any{"consentStatus": c.status, "consentId": c.id, "_links": map[string]any{
		"scaRedirect": map[string]string{"href": a.pageBase(r) + "/" + c.bank + "/sca/" + c.id},
		"status":      map[string]string{"href": "/" + c.bank + "/v1/consents/" + c.id + "/status"},
	}})
}

// getConsent is GET /v1/consents/{id}.
func (a *ASPSP) getConsent(w http.ResponseWriter, r *http.Request) {
	c, ok := a.consent(w, r)
	if !ok {
		return
	}
	empty := []any{}
	answer(w, http.StatusOK, map[string]any{"access": map[string]any{"accounts": empty, "balances": empty, "transactions": empty},
		"recurringIndicator": c.recurring, "validUntil": c.validUntil, "frequencyPerDay": c.frequency,
		"lastActionDate": c.lastActionDate(a.now()), "consentStatus": c.status})
}

// consentStatus is GET /v1/consents/{id}/status.
func (a *ASPSP) consentStatus(w http.ResponseWriter, r *http.Request) {
	if c, ok := a.consent(w, r); ok {
		answer(w, http.StatusOK, map[string]string{"consentStatus": c.status})
	}
}

// deleteConsent is DELETE /v1/consents/{id}: the TPP ends the consent.
func (a *ASPSP) deleteConsent(w http.ResponseWriter, r *http.Request) {
	c, ok := a.consent(w, r)
	if !ok {
		return
	}
	a.mu.Lock()
	a.consents[c.id].status = "terminatedByTpp"
	a.saveLocked()
	a.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// consent finds the consent of the path, or answers 403 CONSENT_UNKNOWN.
func (a *ASPSP) consent(w http.ResponseWriter, r *http.Request) (consent, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.consents[r.PathValue("id")]
	if !ok || c.bank != r.PathValue("bank") {
		fail(w, http.StatusForbidden, "CONSENT_UNKNOWN", "no such consent")
		return consent{}, false
	}
	return *c, true
}

func (c *consent) lastActionDate(now time.Time) string {
	if c.lastAction.IsZero() {
		return now.UTC().Format(time.DateOnly)
	}
	return c.lastAction.UTC().Format(time.DateOnly)
}

// seedOf reads the data seed from a PSU-ID "seed-<n>"; any other PSU-ID,
// or none, gets a fresh seed.
func seedOf(psuID string) int64 {
	if n, err := strconv.ParseInt(strings.TrimPrefix(psuID, "seed-"), 10, 64); err == nil && strings.HasPrefix(psuID, "seed-") {
		return n
	}
	b, _ := strconv.ParseUint(newID()[:15], 16, 64)
	return int64(b)
}

// origin is the scheme and host the request came to.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// pageBase is where the sign-in pages are served.
func (a *ASPSP) pageBase(r *http.Request) string {
	if a.opts.PageBase != "" {
		return strings.TrimSuffix(a.opts.PageBase, "/")
	}
	return origin(r)
}

// pathBase is the bank's base path.
func pathBase(r *http.Request) string { return "/" + r.PathValue("bank") }
