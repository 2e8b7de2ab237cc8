package sandbox

import (
	"html/template"
	"net/http"
	"slices"
	"sort"

	"openbank/banks"
)

// appMethod is the decoupled approach's SCA method: the bank's app.
var appMethod = map[string]string{"authenticationType": "PUSH_OTP", "authenticationMethodId": "app", "name": "Sandbox bank app"}

// startDecoupled starts the authorisation of a consent asked for with the
// decoupled approach: PSU-ID names a test user, whose "app" (App) then
// shows the request until the subject approves or denies it.
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

// request is one approval a test user's app shows.
type request struct {
	Consent, Authorisation string
	Action                 string // where the decision posts
}

// app is GET /{bank}/app?psu=<user>: the test user's banking app, listing
// the access requests waiting for an approval.
func (a *ASPSP) app(w http.ResponseWriter, r *http.Request) {
	bank, psu := r.PathValue("bank"), r.URL.Query().Get("psu")
	p, ok := a.banks[bank]
	if !ok {
		http.NotFound(w, r)
		return
	}
	var list []request
	a.mu.Lock()
	for _, c := range a.consents {
		if c.bank != bank || c.status != "received" || !c.decoupled {
			continue
		}
		for _, au := range c.authorisations {
			if au.psu == psu && au.status == "scaMethodSelected" {
				list = append(list, request{Consent: c.id, Authorisation: au.id,
					Action: a.pagePath() + "/" + bank + "/app/" + c.id + "/" + au.id})
			}
		}
	}
	a.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].Authorisation < list[j].Authorisation })
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = appPage.Execute(w, map[string]any{"Bank": p.Info(), "PSU": psu, "Requests": list})
}

// decideInApp is POST /{bank}/app/{id}/{auth}: the subject approves
// (action=approve: the mock bank decides as for the test user's sign-in)
// or denies the request.
func (a *ASPSP) decideInApp(w http.ResponseWriter, r *http.Request) {
	bank, id, authID := r.PathValue("bank"), r.PathValue("id"), r.PathValue("auth")
	a.mu.Lock()
	var au authorisation
	c, ok := a.consents[id]
	if ok && c.bank == bank && c.status == "received" && c.authorisations[authID] != nil &&
		c.authorisations[authID].status == "scaMethodSelected" {
		au = *c.authorisations[authID]
	} else {
		ok = false
	}
	var cur consent
	if ok {
		cur = *c
	}
	a.mu.Unlock()
	if !ok {
		http.Error(w, "This request is no longer waiting.", http.StatusNotFound)
		return
	}
	got := banks.Consent{Status: banks.ConsentFail}
	if r.PostFormValue("action") == "approve" {
		var err error
		got, err = a.banks[bank].CompleteSCA(r.Context(), a.authorisationOf(cur, ""),
			banks.Credentials{Username: au.psu, Password: banks.TestPassword, OneTimeCode: banks.TestOneTimeCode})
		if err != nil {
			http.Error(w, "the bank could not decide", http.StatusServiceUnavailable)
			return
		}
	}
	status := a.decide(id, got)
	a.setAuthorisation(id, authID, status)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = appDone.Execute(w, map[string]any{"Bank": a.banks[bank].Info(), "Approved": status == "finalised"})
}

var appPage = template.Must(template.New("app").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Bank.Name}} · App</title></head>
<body><main><h1>{{.Bank.Name}} app</h1><p>Sandbox bank: the app of the test user <code>{{.PSU}}</code>.</p>
{{range .Requests}}<form method="post" action="{{.Action}}"><p>A provider asks to read your accounts.</p>
<button name="action" value="approve">Approve</button> <button name="action" value="deny">Deny</button></form>
{{else}}<p>No request is waiting.</p>{{end}}
</main></body></html>`))

var appDone = template.Must(template.New("done").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Bank.Name}} · App</title></head>
<body><main><h1>{{.Bank.Name}} app</h1><p>{{if .Approved}}Approved.{{else}}Not approved.{{end}}
Go back to where you started.</p></main></body></html>`))
