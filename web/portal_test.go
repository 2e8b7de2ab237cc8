package web

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"

	"openbank/oauth"
	"openbank/store/storetest"
)

var (
	shownClientID     = regexp.MustCompile(`id="client-id">([^<]+)<`)
	shownClientSecret = regexp.MustCompile(`id="client-secret">([^<]+)<`)
	requestRow        = regexp.MustCompile(`id="request-(\d+)"`)
	issueForm         = regexp.MustCompile(`action="(/portal/requests/\d+/secret)"`)
)

// portalInstance is a server whose portal mails through mb (nil: no email).
func portalInstance(t *testing.T, mb *mailbox) *instance {
	t.Helper()
	return startInstance(t, storetest.NewURL(t), "", func(s *Server) {
		if mb != nil {
			s.cfg.Mail = MailConfig{Addr: mb.addr(), From: "developers@openbank.test"}
		}
	})
}

// portalSignIn signs b in to the portal and returns the status.
func portalSignIn(t *testing.T, in *instance, b *http.Client, email, password string) int {
	t.Helper()
	code, _ := consoleSubmit(t, in, b, "/portal/login", "/portal/login", url.Values{"email": {email}, "password": {password}})
	return code
}

func match(t *testing.T, re *regexp.Regexp, body string) string {
	t.Helper()
	m := re.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no %s in %s", re, body)
	}
	return m[1]
}

// TestPortalFromSignUpToProductionCredentials walks a developer's path:
// sign-up, the emailed link, a test application and its first API call,
// a production request, an admin's approval in the console, and the
// production credentials shown once; the personal credentials never
// authenticate an API call, and every step is in the audit log.
func TestPortalFromSignUpToProductionCredentials(t *testing.T) {
	t.Parallel()
	mb := newMailbox(t)
	in := portalInstance(t, mb)
	b := browser()
	const email, password = "dev@example.com", "a long developer password"

	code, body := consoleSubmit(t, in, b, "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {password}})
	if code != http.StatusCreated || !strings.Contains(body, "We sent a message") {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	if code := portalSignIn(t, in, b, email, password); code != http.StatusForbidden {
		t.Fatalf("sign-in before the email is confirmed: %d", code)
	}
	link := mb.link(t, email)
	if code, body := consolePage(t, b, in.base+mustURL(t, link).RequestURI()); code != 200 || !strings.Contains(body, "confirmed") {
		t.Fatalf("verification link: %d %s", code, body)
	}
	if code, _ := consolePage(t, b, in.base+mustURL(t, link).RequestURI()); code != http.StatusNotFound {
		t.Fatalf("a verification link used twice: %d", code)
	}
	if code := portalSignIn(t, in, b, email, password); code != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", code)
	}

	// A test application and its first API call.
	code, body = consoleSubmit(t, in, b, "/portal/apps/new", "/portal/apps", url.Values{"name": {"Budget app"},
		"returnOrigins": {"https://budget.example"}})
	if code != http.StatusCreated {
		t.Fatalf("new application: %d %s", code, body)
	}
	test := registered{match(t, shownClientID, body), match(t, shownClientSecret, body)}
	var stored int
	in.db.Get(&stored, `SELECT count(*) FROM oauth_clients WHERE client_id = $1 AND secret_digest = $2 AND environment = 'test'`,
		test.id, digestOf(test.secret))
	if stored != 1 {
		t.Fatalf("the secret is not stored as its digest, or the client is not a test client")
	}
	if code, body := consolePage(t, b, in.base+"/portal/apps/"+test.id); code != 200 || strings.Contains(body, test.secret) {
		t.Fatalf("the application's page: %d, shows the secret again: %v", code, strings.Contains(body, test.secret))
	}
	testToken := clientToken(t, in, test)
	if n := len(providersOf(t, in, testToken)); n != 7 {
		t.Fatalf("the test application lists %d mock banks, want 7", n)
	}

	// The developer's own credentials authenticate no API call.
	if code, _, _ := in.tokenCall(t, "/oauth2/token", registered{email, password}, url.Values{"grant_type": {"client_credentials"}}); code != 401 {
		t.Errorf("email and password as client credentials: %d", code)
	}
	pw := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantPassword}})
	if code, answer, _ := in.tokenCall(t, "/oauth2/token", pw, url.Values{"grant_type": {"password"}, "username": {email},
		"password": {password}}); code != 400 || answer["error"] != "invalid_grant" {
		t.Errorf("email and password in the password grant: %d %v", code, answer)
	}

	// Production access: requested in the portal, approved in the console.
	code, _ = consoleSubmit(t, in, b, "/portal/apps/"+test.id, "/portal/apps/"+test.id+"/production",
		url.Values{"product": {"widget", "callbacks", "gateway"}, "note": {"budgeting for households"}})
	if code != http.StatusSeeOther {
		t.Fatalf("production request: %d", code)
	}
	if code, _ := consoleSubmit(t, in, b, "/portal/apps/"+test.id, "/portal/apps/"+test.id+"/production",
		url.Values{"product": {"widget"}}); code != http.StatusBadRequest {
		t.Errorf("a second pending request: %d", code)
	}
	admin := browser()
	in.consoleUser(t, "root", "root-password", true)
	consoleSignIn(t, in, admin, "root", "root-password").Body.Close()
	_, page := consolePage(t, admin, in.base+"/admin/developers")
	rid := match(t, requestRow, page)
	code, _ = consoleSubmit(t, in, admin, "/admin/developers", "/admin/production-requests/"+rid,
		url.Values{"decision": {"approve"}, "reason": {"welcome"}})
	if code != http.StatusSeeOther {
		t.Fatalf("approval: %d", code)
	}

	// The production credentials, once.
	_, home := consolePage(t, b, in.base+"/portal/")
	issue := match(t, issueForm, home)
	code, body = consoleSubmit(t, in, b, "/portal/", issue, url.Values{})
	if code != 200 {
		t.Fatalf("production credentials: %d %s", code, body)
	}
	prod := registered{match(t, shownClientID, body), match(t, shownClientSecret, body)}
	if prod.id == test.id {
		t.Fatal("production credentials reuse the test client id")
	}
	if code, _ := consoleSubmit(t, in, b, "/portal/", issue, url.Values{}); code != http.StatusConflict {
		t.Errorf("production secret shown twice: %d", code)
	}
	prodToken := clientToken(t, in, prod)
	if n := len(providersOf(t, in, prodToken)); n != 0 {
		t.Errorf("production credentials list %d mock banks", n)
	}
	claims, oerr := in.OAuth().VerifyAccessToken(context.Background(), prodToken)
	if oerr != nil || claims.Environment != "production" || !claims.Principal().Has(oauth.ProductWidget) || claims.Principal().Has(oauth.ProductPDF) {
		t.Errorf("production token: %+v %v", claims, oerr)
	}
	if n := len(providersOf(t, in, clientToken(t, in, test))); n != 7 {
		t.Errorf("the test credentials stopped working on test banks: %d", n)
	}

	var actions string
	in.db.Get(&actions, `SELECT string_agg(DISTINCT action, ' ' ORDER BY action) FROM audit_log`)
	for _, a := range []string{"developer.sign-up", "developer.verify", "developer.sign-in", "client.create",
		"production.request", "production.approve", "production.secret"} {
		if !strings.Contains(actions, a) {
			t.Errorf("no %s in the audit log: %s", a, actions)
		}
	}
}

func digestOf(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

func clientToken(t *testing.T, in *instance, cl registered) string {
	t.Helper()
	code, tok, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if code != 200 {
		t.Fatalf("token for %s: %d %v", cl.id, code, tok)
	}
	return tok["access_token"].(string)
}

func providersOf(t *testing.T, in *instance, token string) []any {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, in.base+"/aggregation/v3.12.0/providers?countryCodes=XF", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	code, body, _ := do(t, req)
	if code != 200 {
		t.Fatalf("providers: %d %v", code, body)
	}
	list, _ := body["providers"].([]any)
	return list
}

// TestPortalWithoutEmailWaitsForApproval: without SMTP a new account signs
// in once an admin approved it in the console.
func TestPortalWithoutEmailWaitsForApproval(t *testing.T) {
	t.Parallel()
	in := portalInstance(t, nil)
	b := browser()
	code, body := consoleSubmit(t, in, b, "/portal/signup", "/portal/signup", url.Values{"email": {"solo@example.com"},
		"password": {"another long password"}})
	if code != http.StatusCreated || !strings.Contains(body, "operator will review") {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	if code := portalSignIn(t, in, b, "solo@example.com", "another long password"); code != http.StatusForbidden {
		t.Fatalf("sign-in before approval: %d", code)
	}
	admin := browser()
	in.consoleUser(t, "root", "root-password", true)
	consoleSignIn(t, in, admin, "root", "root-password").Body.Close()
	var id int64
	in.db.Get(&id, `SELECT id FROM developers WHERE email = 'solo@example.com'`)
	if code, _ := consoleSubmit(t, in, admin, "/admin/developers", fmt.Sprintf("/admin/developers/%d/approve", id), url.Values{}); code != http.StatusSeeOther {
		t.Fatalf("approval: %d", code)
	}
	if code := portalSignIn(t, in, b, "solo@example.com", "another long password"); code != http.StatusSeeOther {
		t.Fatalf("sign-in after approval: %d", code)
	}
}

// TestPortalKeepsTheSignInRules: forms need their CSRF token, failed
// sign-ins are throttled, and a reset link sets a new password and ends
// every session.
func TestPortalKeepsTheSignInRules(t *testing.T) {
	t.Parallel()
	mb := newMailbox(t)
	in := portalInstance(t, mb)
	b := browser()
	const email, password = "careful@example.com", "the first long password"
	consoleSubmit(t, in, b, "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {password}})
	consolePage(t, b, in.base+mustURL(t, mb.link(t, email)).RequestURI())

	resp := post(t, b, in.base+"/portal/login", url.Values{"email": {email}, "password": {password}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("sign-in without the CSRF token: %d", resp.StatusCode)
	}
	if code := portalSignIn(t, in, b, email, password); code != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", code)
	}
	resp = post(t, b, in.base+"/portal/apps", url.Values{"name": {"No token"}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a form without the CSRF token: %d", resp.StatusCode)
	}

	// The password reset ends the session above.
	consoleSubmit(t, in, browser(), "/portal/reset", "/portal/reset", url.Values{"email": {email}})
	reset := mustURL(t, mb.link(t, email)).Query().Get("token")
	other := browser()
	code, body := consoleSubmit(t, in, other, "/portal/reset/confirm?token="+reset, "/portal/reset/confirm",
		url.Values{"token": {reset}, "password": {"the second long password"}})
	if code != 200 || !strings.Contains(body, "Password changed") {
		t.Fatalf("reset: %d %s", code, body)
	}
	if code, _ := consolePage(t, b, in.base+"/portal/"); code != http.StatusSeeOther {
		t.Errorf("a session after the password reset: %d", code)
	}

	// Failed sign-ins are throttled; then even the right password waits.
	stranger := browser()
	for i := range 5 { // five free failures (oauth.DefaultThrottle), the fifth locks
		if code := portalSignIn(t, in, stranger, email, "wrong password number"); code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d", i, code)
		}
	}
	if code := portalSignIn(t, in, stranger, email, "the second long password"); code != http.StatusTooManyRequests {
		t.Errorf("the right password while locked: %d, want 429", code)
	}
}
