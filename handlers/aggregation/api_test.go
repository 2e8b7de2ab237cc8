package aggregation_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.ReleaseMode)
	storetest.Main(m)
}

type origins map[string][]string

func (o origins) Settings(_ context.Context, id string) (aggregation.ClientSettings, error) {
	return aggregation.ClientSettings{ReturnToOrigins: o[id]}, nil
}

type api struct {
	t      *testing.T
	engine *gin.Engine
	svc    *aggregation.Service
	queue  *store.Store
}

// newAPI mounts the handlers as the server does, with the caller named by
// the test header X-Test-Client standing in for a verified token.
func newAPI(t *testing.T) *api {
	t.Helper()
	db := storetest.NewDB(t)
	svc := &aggregation.Service{
		Store: store.New(db), Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: origins{"client-a": {"https://app.example"}}, Clock: time.Now, PublicURL: "http://openbank.test",
	}
	h := aggapi.New(svc)
	e := gin.New()
	h.Mount(e.Group("/aggregation/v3.12.0", func(c *gin.Context) {
		client := c.GetHeader("X-Test-Client")
		p := oauth.Principal{ClientID: client, Subject: "client:" + client, Products: []string{oauth.ProductAggregation}}
		c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
	}, h.Track))
	return &api{t: t, engine: e, svc: svc, queue: svc.Store}
}

// call makes a request as client with request id rid ("" for none).
func (a *api) call(client, method, path, rid string, body any) (int, map[string]any) {
	a.t.Helper()
	var r *http.Request
	if body != nil {
		b, _ := json.Marshal(body)
		if s, ok := body.(string); ok {
			b = []byte(s)
		}
		r = httptest.NewRequest(method, "/aggregation/v3.12.0"+path, bytes.NewReader(b))
	} else {
		r = httptest.NewRequest(method, "/aggregation/v3.12.0"+path, nil)
	}
	r.Header.Set("X-Test-Client", client)
	if rid != "" {
		r.Header.Set("X-Request-Id", rid)
	}
	rec := httptest.NewRecorder()
	a.engine.ServeHTTP(rec, r)
	var out map[string]any
	json.Unmarshal(rec.Body.Bytes(), &out)
	if rec.Code >= 400 {
		var fr fault.Response
		if json.Unmarshal(rec.Body.Bytes(), &fr) != nil || fr.Fault.Code == 0 {
			a.t.Fatalf("%s %s: %d without an ErrorResponse: %s", method, path, rec.Code, rec.Body)
		}
	}
	if rid != "" && rec.Header().Get("X-Request-Id") != rid && rec.Code != 400 {
		a.t.Fatalf("%s %s: request id not echoed", method, path)
	}
	return rec.Code, out
}

func (a *api) drain() {
	h := a.svc.Handlers()
	for {
		j, err := a.queue.ClaimJob(context.Background(), []string{store.FetchJob}, "t", time.Minute)
		if err != nil || j == nil {
			return
		}
		if err := h[j.Kind](context.Background(), j); err != nil {
			a.t.Fatalf("job %s: %v", j.Kind, err)
		}
		a.queue.FinishJob(context.Background(), j.ID, "t")
	}
}

func embedded(user string) map[string]any {
	return map[string]any{"subjectId": 42, "provider": "embedded-scenario", "access": "recurring",
		"credentials": map[string]string{"username": user, "password": "secret"}, "callbackFields": map[string]string{"k": "v"}}
}

func TestRequestIDIsRequiredAndAUUID(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	for _, rid := range []string{"", "abc", "123e4567-e89b-12d3-a456-42661417400Z", strings.Repeat("a", 36)} {
		code, body := a.call("client-a", "GET", "/providers?countryCodes=XF", rid, nil)
		desc, _ := body["fault"].(map[string]any)["description"].(string)
		if code != 400 || !strings.Contains(desc, "X-Request-Id") {
			t.Errorf("request id %q: %d %v", rid, code, body)
		}
	}
	if code, body := a.call("client-a", "GET", "/providers?countryCodes=XF", uuid.NewString(), nil); code != 200 || len(body["providers"].([]any)) != 7 {
		t.Fatalf("providers: %d %v", code, body)
	}
}

// lastID is the id of the last transaction of a listing.
func lastID(txs []any) float64 { return txs[len(txs)-1].(map[string]any)["transactionId"].(float64) }

func TestConnectFetchAndPageTransactions(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	code, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded("user"))
	if code != 201 || conn["lastConsentStatus"] != "ok" || conn["consentValidUntil"] == nil || conn["subjectId"] != "42" {
		t.Fatalf("create: %d %v", code, conn)
	}
	id := int64(conn["id"].(float64))
	a.drain()
	_, got := a.call("client-a", "GET", fmt.Sprint("/connections/", id), uuid.NewString(), nil)
	if got["lastSuccessfulFetchAt"] == nil || got["lastFetchAt"] == nil {
		t.Fatalf("after the fetch: %v", got)
	}
	_, accts := a.call("client-a", "GET", fmt.Sprint("/accounts?connectionId=", id), uuid.NewString(), nil)
	account := int64(accts["accounts"].([]any)[0].(map[string]any)["id"].(float64))
	var all []any
	after := ""
	for range 100 {
		_, page := a.call("client-a", "GET", fmt.Sprintf("/transactions?accountId=%d&limit=250%s", account, after), uuid.NewString(), nil)
		txs := page["transactions"].([]any)
		all = append(all, txs...)
		if page["hasMore"] != true {
			break
		}
		after = fmt.Sprintf("&lastTransactionId=%.0f", page["lastTransactionId"].(float64))
	}
	// Past the end the page is empty and keeps the client's place.
	_, end := a.call("client-a", "GET", fmt.Sprintf("/transactions?accountId=%d&lastTransactionId=%.0f", account, lastID(all)), uuid.NewString(), nil)
	if len(end["transactions"].([]any)) != 0 || end["hasMore"] != false || end["lastTransactionId"] != lastID(all) {
		t.Fatalf("the page after the last: %v, want empty with lastTransactionId %v", end, lastID(all))
	}
	_, one := a.call("client-a", "GET", fmt.Sprintf("/transactions?accountId=%d&limit=1000", account), uuid.NewString(), nil)
	if len(all) < 300 || len(one["transactions"].([]any)) != min(len(all), 1000) {
		t.Fatalf("paged %d transactions, one page %d", len(all), len(one["transactions"].([]any)))
	}
	prev := 0.0
	for _, tx := range all {
		m := tx.(map[string]any)
		if id := m["transactionId"].(float64); id <= prev {
			t.Fatalf("ids not growing: %v after %v", id, prev)
		} else {
			prev = id
		}
		if _, isString := m["amount"].(string); !isString {
			t.Fatalf("amount is not an exact decimal string: %v", m["amount"])
		}
	}
	_, fetches := a.call("client-a", "GET", fmt.Sprint("/connections/", id, "/fetches"), uuid.NewString(), nil)
	if f := fetches["fetches"].([]any)[0].(map[string]any); f["status"] != "succeeded" || f["transactionsAdded"].(float64) == 0 {
		t.Fatalf("fetches: %v", fetches)
	}
}

func TestIdempotentReplayPerClient(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	rid := uuid.NewString()
	c1, first := a.call("client-a", "POST", "/connections", rid, embedded("user"))
	c2, second := a.call("client-a", "POST", "/connections", rid, embedded("user"))
	if c1 != 201 || c2 != 201 || first["id"] != second["id"] {
		t.Fatalf("replay: %d %v / %d %v", c1, first["id"], c2, second["id"])
	}
	if code, _ := a.call("client-a", "DELETE", fmt.Sprintf("/connections/%.0f", first["id"]), rid, nil); code != 409 {
		t.Fatalf("request id reused for another call: %d, want 409", code)
	}
	// The same method and path with another body is another request, not a retry.
	other := embedded("user")
	other["subjectId"] = 43
	code, refused := a.call("client-a", "POST", "/connections", rid, other)
	desc, _ := refused["fault"].(map[string]any)["description"].(string)
	if code != 409 || !strings.Contains(desc, "different request") {
		t.Fatalf("request id reused with another body: %d %v, want 409 naming a different request", code, refused)
	}
	c3, theirs := a.call("client-b", "POST", "/connections", rid, embedded("user"))
	if c3 != 201 || theirs["id"] == first["id"] {
		t.Fatalf("another client's same request id must act: %d %v", c3, theirs)
	}
	_, list := a.call("client-a", "GET", "/connections", uuid.NewString(), nil)
	if list["totalElements"].(float64) != 1 {
		t.Fatalf("client-a has %v connections, want 1", list["totalElements"])
	}
}

func TestAnotherClientSeesNothing(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	_, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded("user"))
	a.drain()
	id := fmt.Sprintf("%.0f", conn["id"])
	_, accts := a.call("client-a", "GET", "/accounts?connectionId="+id, uuid.NewString(), nil)
	account := fmt.Sprintf("%.0f", accts["accounts"].([]any)[0].(map[string]any)["id"])
	for _, r := range []struct{ method, path string }{
		{"GET", "/connections/" + id}, {"GET", "/connections/" + id + "/consents"}, {"GET", "/connections/" + id + "/consent"},
		{"GET", "/connections/" + id + "/fetches"}, {"POST", "/connections/" + id + "/refetch"}, {"DELETE", "/connections/" + id},
		{"GET", "/accounts?connectionId=" + id}, {"GET", "/transactions?accountId=" + account},
	} {
		if code, _ := a.call("client-b", r.method, r.path, uuid.NewString(), nil); code != 404 {
			t.Errorf("client-b %s %s: %d, want 404", r.method, r.path, code)
		}
	}
	if _, list := a.call("client-b", "GET", "/connections", uuid.NewString(), nil); list["totalElements"].(float64) != 0 {
		t.Fatalf("client-b lists %v connections", list["totalElements"])
	}
}

func TestConnectionValidation(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	eleven := map[string]string{}
	for i := range 11 {
		eleven[fmt.Sprint("k", i)] = "v"
	}
	tests := []struct {
		name  string
		body  any
		field string
	}{
		{"no body", "", "body"},
		{"not json", "{", "body"},
		{"unknown field", `{"subjectId":1,"provider":"embedded-scenario","colour":"red"}`, "colour"},
		{"subject missing", map[string]any{"provider": "embedded-scenario"}, "subjectId"},
		{"subject fractional", map[string]any{"subjectId": 1.5, "provider": "embedded-scenario"}, "subjectId"},
		{"unknown provider", map[string]any{"subjectId": 1, "provider": "nope", "credentials": map[string]string{"username": "u"}}, "provider"},
		{"bad access", map[string]any{"subjectId": 1, "provider": "embedded-scenario", "access": "forever"}, "access"},
		{"days on one-time", map[string]any{"subjectId": 1, "provider": "embedded-scenario", "consentDays": 30}, "consentDays"},
		{"eleven callback fields", map[string]any{"subjectId": 1, "provider": "embedded-scenario", "callbackFields": eleven}, "callbackFields"},
		{"callbackFields not strings", `{"subjectId":1,"provider":"embedded-scenario","callbackFields":{"a":1}}`, "callbackFields"},
		{"embedded without credentials", map[string]any{"subjectId": 1, "provider": "embedded-scenario"}, "credentials"},
		{"redirect without returnTo", map[string]any{"subjectId": 1, "provider": "redirect-scenario"}, "returnTo"},
		{"returnTo elsewhere", map[string]any{"subjectId": 1, "provider": "redirect-scenario", "returnTo": "https://evil.example/x"}, "returnTo"},
	}
	for _, tt := range tests {
		code, body := a.call("client-a", "POST", "/connections", uuid.NewString(), tt.body)
		desc, _ := body["fault"].(map[string]any)["description"].(string)
		if code != 400 || !strings.HasPrefix(desc, tt.field) {
			t.Errorf("%s: %d %q, want 400 naming %s", tt.name, code, desc, tt.field)
		}
	}
	if _, list := a.call("client-a", "GET", "/connections", uuid.NewString(), nil); list["totalElements"].(float64) != 0 {
		t.Fatal("a rejected request created a connection")
	}
}

func TestRedirectBankAndConsentRules(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	body := map[string]any{"subjectId": "s-1", "provider": "redirect-scenario", "returnTo": "https://app.example/done?x=1"}
	code, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), body)
	link, _ := conn["scaRedirectUrl"].(string)
	if code != 201 || conn["lastConsentStatus"] != "new" || !strings.HasPrefix(link, "http://openbank.test/mockbank/redirect-scenario/sca?token=") {
		t.Fatalf("redirect connect: %d %v", code, conn)
	}
	id := fmt.Sprintf("%.0f", conn["id"])
	if code, _ := a.call("client-a", "POST", "/connections/"+id+"/refetch", uuid.NewString(), nil); code != 409 {
		t.Fatalf("refetch before SCA: %d, want 409", code)
	}
	_, otp := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded("otp"))
	oid := fmt.Sprintf("%.0f", otp["id"])
	if otp["scaStep"] != "oneTimeCode" || otp["lastConsentStatus"] != "new" {
		t.Fatalf("otp connect: %v", otp)
	}
	code, done := a.call("client-a", "POST", "/connections/"+oid+"/sca", uuid.NewString(),
		map[string]any{"credentials": map[string]string{"username": "otp", "password": "secret", "oneTimeCode": "123456"}})
	if code != 200 || done["lastConsentStatus"] != "ok" {
		t.Fatalf("one-time code: %d %v", code, done)
	}
	if code, _ := a.call("client-a", "DELETE", "/connections/"+oid, uuid.NewString(), nil); code != 204 {
		t.Fatalf("delete: %d", code)
	}
	if code, _ := a.call("client-a", "GET", "/connections/"+oid, uuid.NewString(), nil); code != 404 {
		t.Fatalf("after delete: %d", code)
	}
}

func FuzzConnectionBody(f *testing.F) {
	f.Add(`{"subjectId":1,"provider":"embedded-scenario","credentials":{"username":"user","password":"secret"}}`)
	f.Add(`{"subjectId":"x","callbackFields":{"a":"b"}}`)
	f.Add(`[]`)
	f.Add(`{"subjectId":1e400}`)
	a := newAPI(&testing.T{})
	f.Fuzz(func(t *testing.T, body string) {
		a.t = t
		code, _ := a.call("client-f", "POST", "/connections", uuid.NewString(), body)
		if code >= 500 {
			t.Fatalf("body %q: %d", body, code)
		}
	})
}

func FuzzQueryParsing(f *testing.F) {
	f.Add("accountId=1&lastTransactionId=2&limit=3", "abc")
	f.Add("accountId=-1&limit=99999999999", "123e4567-e89b-12d3-a456-426614174000")
	a := newAPI(&testing.T{})
	f.Fuzz(func(t *testing.T, query, rid string) {
		a.t = t
		r := httptest.NewRequest("GET", "/aggregation/v3.12.0/transactions", nil)
		r.URL.RawQuery = query
		r.Header.Set("X-Request-Id", rid)
		r.Header.Set("X-Test-Client", "client-f")
		rec := httptest.NewRecorder()
		a.engine.ServeHTTP(rec, r)
		if rec.Code >= 500 || (rec.Code != 400 && rec.Code != 404 && rec.Code != 200) {
			t.Fatalf("query %q rid %q: %d", query, rid, rec.Code)
		}
	})
}
