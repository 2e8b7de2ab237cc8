package web

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// cheapArgon2 keeps password hashing fast under the race detector.
var cheapArgon2 = oauth.Argon2Params{Time: 1, Memory: 64, Threads: 1}

// instance is a server on a real listener.
type instance struct {
	*Server
	base string
	db   *storetest.DB // for checks in SQL
	st   *store.Store
}

// startInstance serves a new server on dbURL at a fresh local address,
// which is also its PUBLIC_URL (the issuer) unless publicURL is given.
// The mock banks are served by the instance's own Berlin Group sandbox and
// reached through the connector, as under make run: the tests go the way a
// real bank's connection goes.
func startInstance(t testing.TB, dbURL, publicURL string, opts ...Option) *instance {
	t.Helper()
	return startInstanceEnv(t, dbURL, publicURL, nil, opts...)
}

// banksOf is the configuration of an instance that reaches the mock banks
// through another instance's sandbox, as the instances of one deployment
// share their banks: a fetch may run on either of them.
func banksOf(first *instance) map[string]string {
	return map[string]string{"SANDBOX_ADDR": "", "BANK_DIRECTORY": filepath.Join(first.cfg.DataDir, "sandbox", "banks.json")}
}

// inProcessBanks is the configuration of an instance that calls the mock
// banks in-process, for the tests that need a bank without PSD2's daily
// allowance of unattended accesses.
var inProcessBanks = map[string]string{"SANDBOX_ADDR": ""}

// startInstanceEnv is startInstance with settings of env over the tests'
// usual ones (an empty value unsets one).
func startInstanceEnv(t testing.TB, dbURL, publicURL string, env map[string]string, opts ...Option) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	if publicURL == "" {
		publicURL = base
	}
	settings := map[string]string{"PUBLIC_URL": publicURL, "FETCH_LATENCY": "0s", "MOCK_SLOW_FETCH": "0s", "JOB_LEASE": "3s",
		"CALLBACK_ALLOW_PRIVATE": "true", // the tests' callback receivers listen on loopback
		"SANDBOX_ADDR":           "127.0.0.1:0", "DATA_DIR": t.TempDir()}
	maps.Copy(settings, env)
	cfg, err := LoadConfig(func(k string) string { return settings[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = dbURL
	cfg.ShutdownDrain = 0 // no balancer to drain from
	db := storetest.OpenDB(t, dbURL, 10)
	st := store.New(db)
	s, err := NewServer(cfg, st, opts...)
	if err != nil {
		t.Fatal(err)
	}
	s.Engine().GET("/gateway/test/whoami", s.authenticated(oauth.ProductGateway), func(c *gin.Context) {
		p, _ := oauth.FromContext(c.Request.Context())
		c.JSON(200, p)
	})
	s.Engine().GET("/aggregation/test/pdf", s.authenticated(oauth.ProductPDF), func(c *gin.Context) { c.JSON(200, gin.H{"ok": true}) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	return &instance{Server: s, base: base, db: db, st: st}
}

// newInstance is startInstance on a fresh database.
func newInstance(t testing.TB) *instance { return startInstance(t, storetest.NewURL(t), "") }

// registered is a client created for a test.
type registered struct{ id, secret string }

func (in *instance) client(t testing.TB, spec oauth.ClientSpec) registered {
	t.Helper()
	if spec.Name == "" {
		spec.Name = "Test client"
	}
	if spec.Grants == nil {
		spec.Grants = oauth.GrantTypes
	}
	if spec.RedirectURIs == nil {
		spec.RedirectURIs = []string{"https://app.example.com/callback"}
	}
	c, secret, err := in.registry().CreateClient(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	return registered{c.ClientID, secret}
}

// registry is the server's registry of clients and users (one over the
// store when the instance is another process), hashing passwords cheaply.
func (in *instance) registry() *oauth.Registry {
	r := oauth.Registry{Store: in.st, AccessTokenTTL: time.Hour}
	if in.Server != nil {
		r = *in.Registry()
	}
	r.Argon2 = cheapArgon2
	return &r
}

func (in *instance) user(t *testing.T, name, password string) {
	t.Helper()
	if err := in.registry().CreateUser(context.Background(), name, password, false); err != nil {
		t.Fatal(err)
	}
}

// tokenCall posts form to the token endpoint with Basic credentials (when
// id is set) and returns the status and decoded body.
func (in *instance) tokenCall(t testing.TB, path string, cl registered, form url.Values) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, in.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if cl.id != "" {
		req.SetBasicAuth(url.QueryEscape(cl.id), url.QueryEscape(cl.secret))
	}
	return do(t, req)
}

func do(t testing.TB, req *http.Request) (int, map[string]any, http.Header) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var m map[string]any
	json.Unmarshal(body, &m)
	return resp.StatusCode, m, resp.Header
}

// api calls path with token as bearer and returns the status and body.
func (in *instance) api(t *testing.T, path, token string) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, in.base+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return do(t, req)
}

// browser is an HTTP client with a cookie jar that does not follow
// redirects, so tests see every 302 and 303.
func browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// browse is what the browser b does for a test: a request of method to u
// (a path is on base) with form (nil: none) and header, which returns the
// answer with its body read.
func browse(t *testing.T, b *http.Client, base string, header http.Header) func(method, u string, form url.Values) (*http.Response, string) {
	return func(method, u string, form url.Values) (*http.Response, string) {
		t.Helper()
		if !strings.HasPrefix(u, "http") {
			u = base + u
		}
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequest(method, u, body)
		if err != nil {
			t.Fatal(err)
		}
		maps.Copy(req.Header, header)
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		resp, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		read, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(read)
	}
}
