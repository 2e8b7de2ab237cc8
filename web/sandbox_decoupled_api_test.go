package web

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/oauth"
)

// TestSandboxDecoupledAPI: a connection created through the API alone at
// the sandbox's decoupled bank stays new while the subject has not
// answered in the bank's app (an SCA step answers 409: there is nothing
// to send); the server asks the bank again by itself and, once the
// subject approves, the connection is ok, its first fetch done and the
// client's success callback delivered; once the subject denies, it fails
// as in the widget, with no fetch and no callback.
func TestSandboxDecoupledAPI(t *testing.T) {
	t.Parallel()
	const provider = banks.ConsumerHighRisk
	bank, in := startDecoupledInstance(t, provider, map[string]string{"CALLBACK_ALLOW_PRIVATE": "true"})
	rcv := newCallbackReceiver(t, in.jwks)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks},
		CallbackSuccess: rcv.URL + "/ok?secret=s3cr3t", CallbackFailure: rcv.URL + "/fail?secret=s3cr3t"})
	ids := map[string]float64{}
	for _, tc := range []struct {
		name    string
		approve bool
		consent string
	}{
		{"approved", true, "ok"},
		{"denied", false, "fail"},
	} {
		code, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-" + tc.name, "provider": provider,
			"access": "recurring", "credentials": map[string]string{"username": "user"}, "callbackFields": map[string]string{"case": tc.name}})
		if code != http.StatusCreated || conn["lastConsentStatus"] != "new" || conn["scaStep"] != nil {
			t.Fatalf("%s: connect: %d %v", tc.name, code, conn)
		}
		id := conn["id"].(float64)
		ids[tc.name] = id
		path := fmt.Sprintf("/connections/%.0f", id)
		if code, step := a.call("POST", path+"/sca", map[string]any{"credentials": map[string]string{"oneTimeCode": "123456"}}); code != http.StatusConflict {
			t.Fatalf("%s: an SCA step while the bank waits: %d %v", tc.name, code, step)
		}
		answerInApp(t, bank, provider, "user", tc.approve)
		var got map[string]any
		waitFor(t, 30*time.Second, func() bool {
			_, got = a.call("GET", path, nil)
			return got["lastConsentStatus"] != "new"
		})
		if got["lastConsentStatus"] != tc.consent {
			t.Fatalf("%s: connection %v", tc.name, got)
		}
		if !tc.approve {
			if got["fetchStatus"] != "none" {
				t.Errorf("%s: a fetch after a denial: %v", tc.name, got)
			}
			continue
		}
		if got = a.settled(id); got["lastSuccessfulFetchAt"] == nil || got["latestFetch"].(map[string]any)["trigger"] != "connect" {
			t.Fatalf("%s: first fetch: %v", tc.name, got)
		}
	}
	var queued int // a denial's would have been queued with its outcome
	in.db.Get(&queued, `SELECT count(*) FROM callbacks WHERE client_id = $1`, cl.id)
	events := rcv.delivered(1)
	if queued != 1 || len(events) != 1 || len(rcv.bad) > 0 {
		t.Fatalf("callbacks: %d queued, delivered %+v, refused %v", queued, events, rcv.bad)
	}
	ev := events[0]
	if ev.Event != aggregation.EventFetchSucceeded || ev.ConnectionID != int64(ids["approved"]) || ev.CallbackFields["case"] != "approved" {
		t.Errorf("callback: %+v", ev)
	}
}

// answerInApp approves or denies the one request waiting in the sandbox
// bank's app of test user psu, as the subject would on the app's page:
// signed in with the test password, each form with its token.
func answerInApp(t *testing.T, sandbox *instance, bank, psu string, approve bool) {
	t.Helper()
	app := sandbox.base + "/sandbox/" + url.PathEscape(bank) + "/app"
	send, token := signedInToApp(t, app, psu)
	_, page := send(http.MethodGet, app, nil)
	action := requestForm.FindStringSubmatch(page)
	if action == nil {
		t.Fatalf("the bank's app shows no request:\n%s", page)
	}
	decision := map[bool]string{true: "approve", false: "deny"}[approve]
	if resp, _ := send(http.MethodPost, sandbox.base+action[1], url.Values{"csrf_token": {token}, "action": {decision}}); resp.StatusCode != http.StatusOK {
		t.Fatalf("%s in the app: %d", decision, resp.StatusCode)
	}
}
