package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	"openbank/oauth"
)

// aggClient calls the aggregation API as a client would, checking every
// answer against the OpenAPI document.
type aggClient struct {
	t     *testing.T
	in    *instance
	token string
	http  *http.Client
}

func newAggClient(t *testing.T, in *instance, spec oauth.ClientSpec) (*aggClient, registered) {
	t.Helper()
	cl := in.client(t, spec)
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	doc, err := contract.Load(docs.AggregationOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Transport(http.DefaultTransport, func(err error) { t.Error(err) })
	return &aggClient{t: t, in: in, token: tok["access_token"].(string), http: &http.Client{Transport: tr}}, cl
}

func (a *aggClient) call(method, path string, body any) (int, map[string]any) {
	a.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.in.base+"/aggregation/v3.12.0"+path, rd)
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	req.Header.Set("X-Group-Id", "journey-1")
	resp, err := a.http.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// settled polls a connection as the specification's polling rules say,
// until its newest fetch is finished.
func (a *aggClient) settled(id any) map[string]any {
	a.t.Helper()
	path := fmt.Sprintf("/connections/%.0f", id)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		_, fetches := a.call("GET", path+"/fetches", nil)
		list, _ := fetches["fetches"].([]any)
		if len(list) > 0 {
			if s := list[0].(map[string]any)["status"]; s == "succeeded" || s == "failed" {
				_, conn := a.call("GET", path, nil)
				return conn
			}
		}
	}
	a.t.Fatalf("connection %v: fetch did not finish", id)
	return nil
}

// callbackReceiver verifies each callback's JWS against the JWKS and its
// HMAC, refuses the first delivery of every event, and keeps the rest.
type callbackReceiver struct {
	*httptest.Server
	jwks   func() jose.JSONWebKeySet
	mu     sync.Mutex
	seen   map[string]int
	events []aggregation.CallbackBody
	bad    []string
}

func newCallbackReceiver(t *testing.T, jwks func() jose.JSONWebKeySet) *callbackReceiver {
	r := &callbackReceiver{jwks: jwks, seen: map[string]int{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

func (r *callbackReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.verify(req, body); err != nil {
		r.bad = append(r.bad, err.Error())
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var ev aggregation.CallbackBody
	json.Unmarshal(body, &ev)
	r.seen[ev.EventID]++
	if r.seen[ev.EventID] == 1 {
		w.WriteHeader(http.StatusInternalServerError) // fail the first attempt
		return
	}
	if r.seen[ev.EventID] == 2 { // de-duplicate on the event id
		r.events = append(r.events, ev)
	}
}

func (r *callbackReceiver) verify(req *http.Request, body []byte) error {
	jws, err := jose.ParseSignedCompact(req.Header.Get(aggregation.HeaderSignature), []jose.SignatureAlgorithm{jose.ES256})
	if err != nil {
		return fmt.Errorf("signature: %w", err)
	}
	set := r.jwks()
	keys := set.Key(jws.Signatures[0].Header.KeyID)
	if len(keys) == 0 {
		return fmt.Errorf("signature: kid %q not in the JWKS", jws.Signatures[0].Header.KeyID)
	}
	payload, err := jws.Verify(keys[0].Key)
	if err != nil {
		return fmt.Errorf("signature: %w", err)
	}
	var p aggregation.SignaturePayload
	json.Unmarshal(payload, &p)
	sum := sha256.Sum256(body)
	if p.Digest != base64.RawURLEncoding.EncodeToString(sum[:]) || p.EventID != req.Header.Get(aggregation.HeaderEventID) {
		return fmt.Errorf("signature does not cover this body")
	}
	if req.URL.Query().Get("secret") != "s3cr3t" {
		return fmt.Errorf("static secret lost")
	}
	return nil
}

func (r *callbackReceiver) delivered(n int) []aggregation.CallbackBody {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		r.mu.Lock()
		got := len(r.events)
		r.mu.Unlock()
		if got >= n {
			break
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]aggregation.CallbackBody(nil), r.events...)
}

func (in *instance) jwks() jose.JSONWebKeySet {
	resp, err := http.Get(in.base + "/oauth2/jwks")
	if err != nil {
		return jose.JSONWebKeySet{}
	}
	defer resp.Body.Close()
	var set jose.JSONWebKeySet
	json.NewDecoder(resp.Body).Decode(&set)
	return set
}

// TestAggregationEndToEnd connects with every test credential of the
// embedded bank through the real server and a real token, and checks
// consent, fetch outcome, data, history and the signed callbacks.
func TestAggregationEndToEnd(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	rcv := newCallbackReceiver(t, in.jwks)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks},
		CallbackSuccess: rcv.URL + "/ok?secret=s3cr3t", CallbackFailure: rcv.URL + "/fail?secret=s3cr3t"})
	tests := []struct {
		user, consent, fetch string
		recoverable          bool
	}{
		{"user", "ok", "succeeded", false},
		{"consent-error", "ok", "failed", true},
		{"provider-error", "ok", "failed", false},
		{"maintenance", "ok", "failed", false},
		{"expire-soon", "ok", "succeeded", false},
		{"sca-fail", "fail", "", false},
	}
	callbacks := 0
	for _, tt := range tests {
		code, conn := a.call("POST", "/connections", map[string]any{"subjectId": 7, "provider": banks.EmbeddedScenario,
			"access": "recurring", "credentials": map[string]string{"username": tt.user, "password": banks.TestPassword},
			"callbackFields": map[string]string{"user": tt.user}})
		if code != 201 || conn["lastConsentStatus"] != tt.consent {
			t.Fatalf("%s: %d %v", tt.user, code, conn)
		}
		if tt.fetch == "" {
			continue
		}
		callbacks++
		got := a.settled(conn["id"])
		ok := got["lastSuccessfulFetchAt"] != nil && got["lastSuccessfulFetchAt"] == got["lastFetchAt"]
		if ok != (tt.fetch == "succeeded") {
			t.Errorf("%s: polling says success=%v: %v", tt.user, ok, got)
		}
		_, fetches := a.call("GET", fmt.Sprintf("/connections/%.0f/fetches", conn["id"]), nil)
		f := fetches["fetches"].([]any)[0].(map[string]any)
		if f["status"] != tt.fetch || (tt.fetch == "failed" && f["flagErrorRecoverable"] != tt.recoverable) {
			t.Errorf("%s: fetch %v", tt.user, f)
		}
	}
	events := rcv.delivered(callbacks)
	if len(events) != callbacks || len(rcv.bad) > 0 {
		t.Fatalf("callbacks: %d delivered of %d, refused %v", len(events), callbacks, rcv.bad)
	}
	for _, ev := range events {
		failed := ev.Event == aggregation.EventFetchFailed
		if ev.CallbackFields["user"] == "" || ev.RequestID == "" || ev.GroupID != "journey-1" || failed != (ev.FlagErrorRecoverable != nil) {
			t.Errorf("callback body: %+v", ev)
		}
	}
	waitFor(t, 30*time.Second, func() bool { // the receiver answers before the attempt is recorded
		var delivered int
		in.db.Get(&delivered, `SELECT count(*) FROM callbacks WHERE client_id = $1 AND status = 'delivered'`, cl.id)
		return delivered == callbacks
	})
	var attempts int
	in.db.Get(&attempts, `SELECT count(*) FROM callback_attempts a JOIN callbacks c ON c.id = a.callback_id WHERE c.client_id = $1`, cl.id)
	if attempts != 2*callbacks {
		t.Errorf("recorded %d attempts, want %d (one refused, one delivered each)", attempts, 2*callbacks)
	}
}

// TestEveryMockBankConnects completes each redirect bank's SCA the way its
// page does and reads the data through the API.
func TestEveryMockBankConnects(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{ReturnOrigins: []string{"https://app.example"}})
	_, providers := a.call("GET", "/providers?countryCodes=XF", nil)
	for _, p := range providers["providers"].([]any) {
		bank := p.(map[string]any)
		body := map[string]any{"subjectId": "s-1", "provider": bank["code"], "returnTo": "https://app.example/back"}
		if bank["sca"] == "embedded" {
			body["credentials"] = map[string]string{"username": "user", "password": banks.TestPassword}
		}
		code, conn := a.call("POST", "/connections", body)
		if code != 201 {
			t.Fatalf("%s: %d %v", bank["code"], code, conn)
		}
		if link, _ := conn["scaRedirectUrl"].(string); link != "" {
			signIn(t, link) // at the sandbox bank's own page
		}
		got := a.settled(conn["id"])
		_, accts := a.call("GET", fmt.Sprintf("/accounts?connectionId=%.0f", conn["id"]), nil)
		if got["lastConsentStatus"] != "ok" || len(accts["accounts"].([]any)) == 0 {
			t.Errorf("%s: %v %v", bank["code"], got, accts)
		}
	}
	if code, _ := a.call("GET", "/connections/999999", nil); code != 404 {
		t.Errorf("unknown connection: %d", code)
	}
}

// TestWidgetCallsFollowTheDocument creates, reconnects and reads widgets
// through the real server, every answer checked against the document.
func TestWidgetCallsFollowTheDocument(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"}})
	code, w := a.call("POST", "/widget/connect", map[string]any{"subjectId": 9, "countryCodes": []string{"XF"},
		"returnTo": "https://app.example/done?ref=1", "returnConnectionId": true, "access": "recurring"})
	if code != 201 || w["url"] == nil {
		t.Fatalf("connect: %d %v", code, w)
	}
	if code, _ := a.call("POST", "/widget/connect", map[string]any{"subjectId": 9, "countryCodes": []string{"XF"},
		"returnTo": "https://elsewhere.example/"}); code != 400 {
		t.Fatalf("foreign returnTo: %d", code)
	}
	_, conn := a.call("POST", "/connections", map[string]any{"subjectId": 9, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	if code, r := a.call("POST", "/widget/reconnect", map[string]any{"connectionId": conn["id"], "returnTo": "https://app.example/"}); code != 201 {
		t.Fatalf("reconnect: %d %v", code, r)
	}
	if code, _ := a.call("POST", "/widget/reconnect", map[string]any{"connectionId": 424242, "returnTo": "https://app.example/"}); code != 404 {
		t.Fatalf("reconnect of an unknown connection: %d", code)
	}
	code, stats := a.call("GET", "/widget/statistics?subjectId=9", nil)
	if code != 200 || len(stats["widgets"].([]any)) != 2 {
		t.Fatalf("statistics: %d %v", code, stats)
	}
}
