package gateway_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	handler "openbank/handlers/gateway"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.ReleaseMode)
	storetest.Main(m)
}

const (
	base       = "/gateway/v1.1.0"
	callerHdr  = "X-Test-Caller"
	clientBot  = "client:bot"
	noPrincpal = ""
)

// api is the gateway behind a test middleware that makes the X-Test-Caller
// header the principal, as the bearer middleware will from a token.
type api struct {
	t  *testing.T
	h  http.Handler
	db *storetest.DB
}

func newAPI(t *testing.T, limits gateway.Limits) *api {
	t.Helper()
	db := storetest.NewDB(t)
	clock := func() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) }
	gw := handler.New(&gateway.Service{Store: store.New(db), Clock: clock, Limits: limits})
	e := gin.New()
	gw.Mount(e.Group(base, asCaller))
	return &api{t: t, h: e, db: db}
}

// in is the api reporting to t, for subtests.
func (a *api) in(t *testing.T) *api { return &api{t: t, h: a.h, db: a.db} }

func asCaller(c *gin.Context) {
	sub := c.GetHeader(callerHdr)
	if sub == "" {
		return
	}
	p := oauth.Principal{ClientID: "test", Subject: sub, Username: sub, Products: []string{oauth.ProductGateway}}
	if strings.HasPrefix(sub, "client:") {
		p.Username = ""
	}
	c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
}

// response is an answer that has passed the contract.
type response struct {
	Status int
	Body   []byte
}

// decode unmarshals the body into v.
func (r response) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// code is the fault.code of an ErrorResponse, 0 otherwise.
func (r response) code() int {
	var e struct{ Fault struct{ Code int } }
	json.Unmarshal(r.Body, &e)
	return e.Fault.Code
}

// do sends a request as caller; body is sent as is when it is a string,
// as JSON otherwise. Every response is checked against the OpenAPI
// document and for leaked internals.
func (a *api) do(caller, method, path string, body any) response {
	a.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		raw, _ = json.Marshal(b)
	}
	req := httptest.NewRequest(method, base+path, bytes.NewReader(raw))
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if caller != "" {
		req.Header.Set(callerHdr, caller)
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	checkContract(a.t, req, rec)
	if leak.Match(rec.Body.Bytes()) {
		a.t.Errorf("%s %s leaks internals: %s", method, path, rec.Body)
	}
	return response{Status: rec.Code, Body: rec.Body.Bytes()}
}

// want fails the test unless the response has the status (and, for errors,
// the fault code when code is not 0).
func (a *api) want(r response, status, code int) {
	a.t.Helper()
	if r.Status != status || (code != 0 && r.code() != code) {
		a.t.Fatalf("got %d %s, want %d (code %d)", r.Status, r.Body, status, code)
	}
}

var leak = regexp.MustCompile(`(?i)select |insert |pq:|sql:|\.go:\d+|goroutine |runtime\.|panic:|/root/|/home/`)

var gatewayContract = sync.OnceValues(func() (*contract.Contract, error) { return contract.Load(docs.GatewayOpenAPI) })

// checkContract validates one response against the operation of the
// OpenAPI document that the request's route serves; undocumented statuses
// fail too.
func checkContract(t *testing.T, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	if err := contractError(req, rec); err != nil {
		t.Errorf("%s %s: %v\n%s", req.Method, req.URL.Path, err, rec.Body)
	}
}

func contractError(req *http.Request, rec *httptest.ResponseRecorder) error {
	c, err := gatewayContract()
	if err != nil {
		return fmt.Errorf("OpenAPI document: %w", err)
	}
	return c.Check(req, rec.Code, rec.Header(), rec.Body.Bytes())
}

// Fixtures.

func (a *api) showcase(owner, name string) {
	a.t.Helper()
	r := a.do(owner, "POST", "/showcases", map[string]string{"name": name, "validFrom": "2025-01-01T00:00:00Z", "validTo": "2025-12-31T00:00:00Z"})
	a.want(r, 201, 0)
}

func (a *api) consent(owner, showcase, username, level string) int32 {
	a.t.Helper()
	r := a.do(owner, "POST", "/consents", map[string]string{"showcase": showcase, "username": username, "consentLevel": level})
	a.want(r, 201, 0)
	var c struct{ Identifier int32 }
	r.decode(a.t, &c)
	return c.Identifier
}

func (a *api) reminder(caller, showcase string, relevance, text int) string {
	a.t.Helper()
	r := a.do(caller, "POST", "/showcases/"+showcase+"/reminders", map[string]int{"relevance": relevance, "selectableTextIdx": text})
	a.want(r, 201, 0)
	var rem struct{ Identifier string }
	r.decode(a.t, &rem)
	return rem.Identifier
}

func limits(n int) gateway.Limits {
	return gateway.Limits{ShowcasesPerOwner: n, RemindersPerShowcase: n, ConsentsPerShowcase: n}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }
