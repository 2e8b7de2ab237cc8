package aggregation_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"
)

// credentials is the body of POST /connections/{id}/sca.
func credentials(fields map[string]string) map[string]any {
	return map[string]any{"credentials": fields}
}

// An embedded SCA through the API can be tried again on the same
// connection: a wrong password or code leaves the consent new with a
// reason, the code step takes the code alone, and too many failures end
// the consent as fail.
func TestEmbeddedSCAIsRecoverable(t *testing.T) {
	t.Parallel()
	type step struct {
		cred                 map[string]string
		status, scaError     string
		codeStep, fetchAfter bool
	}
	right := map[string]string{"username": "user", "password": "secret"}
	wrong := map[string]string{"username": "user", "password": "wrong"}
	for name, steps := range map[string][]step{
		"wrong password, then right": {
			{cred: wrong, status: "new", scaError: "invalidCredentials"},
			{cred: right, status: "ok", fetchAfter: true},
		},
		"one-time code alone, after a wrong one": {
			{cred: map[string]string{"username": "otp", "password": "secret"}, status: "new", codeStep: true},
			{cred: map[string]string{"oneTimeCode": "000000"}, status: "new", scaError: "invalidOneTimeCode"},
			{cred: map[string]string{"oneTimeCode": "123456"}, status: "ok", fetchAfter: true},
		},
		"three wrong passwords": {
			{cred: wrong, status: "new", scaError: "invalidCredentials"},
			{cred: wrong, status: "new", scaError: "invalidCredentials"},
			{cred: wrong, status: "fail", scaError: "invalidCredentials"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			a := newAPI(t)
			body := embedded("")
			body["credentials"] = steps[0].cred
			code, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), body)
			for i, s := range steps {
				if i > 0 {
					code, conn = a.call("client-a", "POST", fmt.Sprintf("/connections/%.0f/sca", conn["id"]), uuid.NewString(), credentials(s.cred))
				}
				if code >= 300 || conn["lastConsentStatus"] != s.status || (conn["scaError"] != nil) != (s.scaError != "") ||
					s.scaError != "" && conn["scaError"] != s.scaError || (conn["scaStep"] == "oneTimeCode") != s.codeStep {
					t.Fatalf("step %d: %d %v; want status %s, scaError %q, code step %v", i, code, conn, s.status, s.scaError, s.codeStep)
				}
				if want := map[bool]string{true: "queued", false: "none"}[s.fetchAfter]; conn["fetchStatus"] != want {
					t.Fatalf("step %d: fetchStatus %v, want %s", i, conn["fetchStatus"], want)
				}
			}
			if last := steps[len(steps)-1]; last.status == "fail" {
				code, _ := a.call("client-a", "POST", fmt.Sprintf("/connections/%.0f/sca", conn["id"]), uuid.NewString(), credentials(right))
				if code != 409 {
					t.Errorf("a try after the consent failed: %d, want 409", code)
				}
			}
		})
	}
}

func TestSCAStepRefusesIncompleteCredentials(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	_, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded("otp"))
	path := fmt.Sprintf("/connections/%.0f/sca", conn["id"])
	for _, body := range []any{
		map[string]any{},
		credentials(map[string]string{"username": "otp"}),
		credentials(map[string]string{"password": "secret"}),
	} {
		if code, _ := a.call("client-a", "POST", path, uuid.NewString(), body); code != 400 {
			t.Errorf("%v: %d, want 400", body, code)
		}
	}
}

// POST /connections/{id}/reconnect starts a new SCA on the same
// connection without the widget; its fetch is a reconnect.
func TestReconnectWithoutTheWidget(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	_, conn := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded("user"))
	a.drain()
	path := fmt.Sprintf("/connections/%.0f", conn["id"])
	if code, _ := a.call("client-a", "POST", path+"/reconnect", uuid.NewString(), nil); code != 400 {
		t.Errorf("embedded reconnect without credentials: %d, want 400", code)
	}
	code, again := a.call("client-a", "POST", path+"/reconnect", uuid.NewString(),
		map[string]any{"credentials": map[string]string{"username": "user", "password": "secret"}})
	if code != 200 || again["id"] != conn["id"] || again["lastConsentStatus"] != "ok" {
		t.Fatalf("reconnect: %d %v", code, again)
	}
	if f := again["latestFetch"].(map[string]any); f["trigger"] != "reconnect" || f["status"] != "queued" {
		t.Errorf("reconnect's fetch: %v, want a queued reconnect", f)
	}
	_, consents := a.call("client-a", "GET", path+"/consents", uuid.NewString(), nil)
	if n := len(consents["consents"].([]any)); n != 2 {
		t.Errorf("%d consents after a reconnect, want 2", n)
	}
	if code, _ := a.call("client-b", "POST", path+"/reconnect", uuid.NewString(), nil); code != 404 {
		t.Errorf("another client's reconnect: %d, want 404", code)
	}

	redirect := map[string]any{"subjectId": 7, "provider": "consumer-low-risk", "access": "recurring", "returnTo": "https://app.example/back"}
	_, r := a.call("client-a", "POST", "/connections", uuid.NewString(), redirect)
	code, again = a.call("client-a", "POST", fmt.Sprintf("/connections/%.0f/reconnect", r["id"]), uuid.NewString(), nil)
	if code != 200 || again["scaRedirectUrl"] == nil || again["scaRedirectUrl"] == r["scaRedirectUrl"] {
		t.Errorf("redirect reconnect: %d %v, want a new bank page", code, again)
	}
}
