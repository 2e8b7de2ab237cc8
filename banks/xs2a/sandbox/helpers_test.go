package sandbox_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// fixture is a sandbox on a TLS listener of its own and what talks to it.
type fixture struct {
	srv   *httptest.Server
	aspsp *sandbox.ASPSP
	certs sandbox.Certificates
	now   time.Time
}

var testNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func start(t *testing.T, b sandbox.Behaviour, wrap func(http.Handler) http.Handler) *fixture {
	t.Helper()
	certs, err := sandbox.GenerateCertificates(t.TempDir(), "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{certs: certs, now: testNow}
	f.aspsp = sandbox.New(sandbox.Options{Now: func() time.Time { return f.now }, Behaviour: b})
	h := checked(t)(served(f.aspsp))
	if wrap != nil {
		h = wrap(h)
	}
	f.srv = httptest.NewUnstartedServer(h)
	if f.srv.TLS, err = sandbox.TLSConfig(certs); err != nil {
		t.Fatal(err)
	}
	f.srv.StartTLS()
	t.Cleanup(f.srv.Close)
	return f
}

// connector is the connector of one of the sandbox's banks.
func (f *fixture) connector(t testing.TB, code string, q xs2a.Quirks) *xs2a.Connector {
	t.Helper()
	q.OrderedTransactionIDs, q.SeedAsPSUID = true, true
	c, err := xs2a.New(xs2a.Bank{Code: code, Name: code, Country: "XF", BaseURL: f.srv.URL + "/" + code,
		Standard: "berlin-group", Version: "1.3.11", Certificate: f.certs.ClientCert, Key: f.certs.ClientKey, CA: f.certs.CA,
		SigningCertificate: f.certs.ClientCert, SigningKey: f.certs.ClientKey, Quirks: q, Environment: banks.Test},
		xs2a.Options{Now: func() time.Time { return f.now }, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// browser is the subject's browser: it trusts the sandbox's authority
// and has no client certificate.
func (f *fixture) browser(t testing.TB) *http.Client {
	t.Helper()
	pemCA, err := os.ReadFile(f.certs.CA)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pemCA)
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// psu is a context of a present subject.
func psu() context.Context {
	return banks.WithPSU(context.Background(), banks.PSU{IPAddress: "192.0.2.10", UserAgent: "test-browser", AcceptLanguage: "en"})
}

// connect runs a whole redirect SCA with a test user and returns the consent.
func (f *fixture) connect(t testing.TB, c *xs2a.Connector, user string, seed int64) banks.Consent {
	t.Helper()
	auth, err := c.StartSCA(psu(), banks.ConsentRequest{Seed: seed, ValidFor: 90 * 24 * time.Hour, Recurring: true,
		RedirectURI: "https://tpp.example/back?token=abc"})
	if err != nil {
		t.Fatalf("start SCA: %v", err)
	}
	resp, err := f.browser(t).PostForm(auth.RedirectURL, url.Values{"username": {user}, "password": {banks.TestPassword}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "https://tpp.example/back?token=abc" {
		t.Fatalf("SCA page answered %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	consent, err := c.CompleteSCA(psu(), auth, banks.Credentials{})
	if err != nil {
		t.Fatalf("complete SCA: %v", err)
	}
	return consent
}

// served is the sandbox as the tests serve it: its API and, at the same
// address, its sign-in pages.
func served(a *sandbox.ASPSP) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", a.Handler())
	pages := a.Pages()
	mux.Handle("GET /{bank}/sca/{id}", pages)
	mux.Handle("POST /{bank}/sca/{id}", pages)
	return mux
}

// restart serves a new sandbox that keeps its consents in state, as after
// a restart of the one served so far, which it closes first.
func (f *fixture) restart(t *testing.T, state string) {
	t.Helper()
	if f.aspsp != nil {
		f.aspsp.Close()
	}
	f.aspsp = sandbox.New(sandbox.Options{Now: func() time.Time { return f.now }, StateFile: state})
	t.Cleanup(f.aspsp.Close)
	f.srv.Config.Handler = checked(t)(served(f.aspsp))
}
