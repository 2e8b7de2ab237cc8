package sandbox

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Handler serves every bank's API under /<bank code>/; their sign-in
// pages are Pages, which a server shows behind its CSRF guard.
func (a *ASPSP) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /{bank}/v1/consents", a.guard(a.createConsent))
	mux.HandleFunc("GET /{bank}/v1/consents/{id}", a.guard(a.getConsent))
	mux.HandleFunc("GET /{bank}/v1/consents/{id}/status", a.guard(a.consentStatus))
	mux.HandleFunc("DELETE /{bank}/v1/consents/{id}", a.guard(a.deleteConsent))
	mux.HandleFunc("POST /{bank}/v1/consents/{id}/authorisations", a.guard(a.startAuthorisation))
	mux.HandleFunc("GET /{bank}/v1/consents/{id}/authorisations/{auth}", a.guard(a.scaStatus))
	mux.HandleFunc("PUT /{bank}/v1/consents/{id}/authorisations/{auth}", a.guard(a.updateAuthorisation))
	mux.HandleFunc("GET /{bank}/v1/accounts", a.guard(a.accounts))
	mux.HandleFunc("GET /{bank}/v1/accounts/{account}/balances", a.guard(a.balances))
	mux.HandleFunc("GET /{bank}/v1/accounts/{account}/transactions", a.guard(a.transactions))
	return mux
}

// Pages serves the banks' sign-in pages alone, for a server that shows
// them at Options.PageBase (their paths below it: /<bank>/sca/<id>). The
// banks' app (the decoupled approach's approvals: SignIn, Pending,
// Decide) is drawn by the server, which guards its forms.
func (a *ASPSP) Pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{bank}/sca/{id}", a.scaPage)
	mux.HandleFunc("POST /{bank}/sca/{id}", a.scaSubmit)
	return mux
}

// guard echoes the request id and answers 400 without it, 404 for an
// unknown bank, 401 without a client certificate or, when the bank wants
// one, without a valid signature.
func (a *ASPSP) guard(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if id == "" {
			fail(w, http.StatusBadRequest, "FORMAT_ERROR", "X-Request-ID is missing")
			return
		}
		w.Header().Set("X-Request-ID", id)
		if _, ok := a.banks[r.PathValue("bank")]; !ok {
			fail(w, http.StatusNotFound, "RESOURCE_UNKNOWN", "no such bank")
			return
		}
		if r.TLS != nil && len(r.TLS.PeerCertificates) == 0 {
			fail(w, http.StatusUnauthorized, "CERTIFICATE_MISSING", "a client certificate is required")
			return
		}
		if a.opts.Behaviour.RequireSignature {
			if err := verify(r); err != nil {
				fail(w, http.StatusUnauthorized, "SIGNATURE_INVALID", err.Error())
				return
			}
		}
		next(w, r)
	}
}

// answer writes v as JSON.
func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// fail writes a NextGenPSD2 error.
func fail(w http.ResponseWriter, status int, code, text string) {
	answer(w, status, map[string]any{"tppMessages": []map[string]string{{"category": "ERROR", "code": code, "text": text}}})
}

// throttle writes a 429 ACCESS_EXCEEDED with its Retry-After.
func throttle(w http.ResponseWriter, seconds int) {
	w.Header().Set("Retry-After", strconv.Itoa(seconds))
	fail(w, http.StatusTooManyRequests, "ACCESS_EXCEEDED", "too many accesses; try later")
}
