package sandbox

import (
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"openbank/banks"
)

// scaPage is GET /{bank}/sca/{id}: the bank's sign-in page of a consent.
func (a *ASPSP) scaPage(w http.ResponseWriter, r *http.Request) {
	c, ok := a.openSCA(w, r)
	if !ok {
		return
	}
	a.render(w, r, Page{Status: http.StatusOK}, c)
}

// scaSubmit is POST /{bank}/sca/{id}: the subject signs in (the mock
// bank decides the outcome from the test credential) or cancels, then
// goes back to the TPP.
func (a *ASPSP) scaSubmit(w http.ResponseWriter, r *http.Request) {
	c, ok := a.openSCA(w, r)
	if !ok {
		return
	}
	status, granted := "rejected", banks.Consent{}
	if r.PostFormValue("action") != "cancel" {
		cred := banks.Credentials{Username: r.PostFormValue("username"), Password: r.PostFormValue("password"),
			OneTimeCode: r.PostFormValue("otp")}
		validFor := time.Until(a.validUntil(c))
		got, err := a.banks[c.bank].CompleteSCA(r.Context(), banks.Authorisation{Bank: c.bank, Seed: c.seed, ValidFor: validFor}, cred)
		var ce *banks.ConsentError
		if errors.As(err, &ce) {
			a.render(w, r, Page{Status: http.StatusUnprocessableEntity, Username: cred.Username, Problem: WrongCredentials}, c)
			return
		}
		if err != nil {
			a.render(w, r, Page{Status: http.StatusServiceUnavailable, Problem: BankFailed}, c)
			return
		}
		if got.Status == banks.ConsentOK {
			status, granted = "valid", got
		}
	}
	a.mu.Lock()
	if cur := a.consents[c.id]; cur != nil && cur.status == "received" {
		cur.status, cur.granted = status, granted
		a.saveLocked()
	}
	a.mu.Unlock()
	http.Redirect(w, r, c.redirectURI, http.StatusSeeOther)
}

// validUntil is the end of the consent's last valid day, as the clock runs.
func (a *ASPSP) validUntil(c consent) time.Time {
	day, err := time.Parse(time.DateOnly, c.validUntil)
	if err != nil {
		return a.now()
	}
	return a.now().Add(day.AddDate(0, 0, 1).Sub(a.now().UTC()))
}

// pagePath is the path of PageBase.
func (a *ASPSP) pagePath() string {
	u, err := url.Parse(a.opts.PageBase)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(u.Path, "/")
}

// openSCA finds a consent still waiting for its SCA.
func (a *ASPSP) openSCA(w http.ResponseWriter, r *http.Request) (consent, bool) {
	w.Header().Set("Cache-Control", "no-store")
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.consents[r.PathValue("id")]
	if !ok || c.bank != r.PathValue("bank") || c.status != "received" {
		a.render(w, r, Page{Status: http.StatusNotFound, Problem: LinkGone}, consent{bank: r.PathValue("bank")})
		return consent{}, false
	}
	return *c, true
}

// render answers with p, a page of consent c: the Page option's, or the
// plain one.
func (a *ASPSP) render(w http.ResponseWriter, r *http.Request, p Page, c consent) {
	if b, ok := a.banks[c.bank]; ok {
		p.Bank = b.Info()
	}
	if c.id != "" {
		p.Action = a.pagePath() + "/" + c.bank + "/sca/" + c.id
	}
	if a.opts.Page != nil {
		a.opts.Page(w, r, p)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(p.Status)
	_ = plainPage.Execute(w, p)
}

var plainPage = template.Must(template.New("sca").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Bank.Name}} · Sign in</title></head>
<body><main><h1>{{.Bank.Name}}</h1>
{{if eq .Problem 2}}<p role="alert">This sign-in link is no longer valid.</p>
{{else if eq .Problem 3}}<p role="alert">The bank could not decide. Try again later.</p>
{{else}}<p>Sandbox bank: sign in with a test user (docs/mock-banks.md).</p>
{{if eq .Problem 1}}<p role="alert">The customer ID, password or code is not right. Try again.</p>{{end}}
<form method="post" action="{{.Action}}">
<label>Customer ID <input name="username" value="{{.Username}}" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<label>One-time code (if asked) <input name="otp" inputmode="numeric"></label>
<button name="action" value="approve">Approve</button>
<button name="action" value="cancel">Cancel</button>
</form>{{end}}</main></body></html>`))
