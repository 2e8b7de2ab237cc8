package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/store/storetest"
)

func TestTwoInstancesShareTokensAndRevocations(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	a := startInstance(t, dbURL, "")
	b := startInstance(t, dbURL, a.base) // one issuer behind a load balancer
	cl := a.client(t, oauth.ClientSpec{})
	a.user(t, "carol", "carol-password")
	pair := a.passwordTokens(t, cl)
	access := pair["access_token"].(string)
	if status, _, _ := b.api(t, "/gateway/test/whoami", access); status != 200 {
		t.Fatalf("instance b refuses a token of instance a: %d", status)
	}
	status, _, _ := a.tokenCall(t, "/oauth2/revoke", cl, url.Values{"token": {pair["refresh_token"].(string)}})
	if status != 200 {
		t.Fatalf("revoke: %d", status)
	}
	// Instance b learns of the revocation by NOTIFY; allow it the delivery
	// time of a notification (milliseconds), not a polling period.
	deadline := time.Now().Add(time.Second)
	for {
		status, _, _ := b.api(t, "/gateway/test/whoami", access)
		if status == 401 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("instance b still accepts a token revoked on a: %d", status)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if status, _, _ := a.api(t, "/gateway/test/whoami", access); status != 401 {
		t.Fatalf("instance a accepts the token it revoked: %d", status)
	}
}

func TestRevokeAndIntrospect(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	other := in.client(t, oauth.ClientSpec{})
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	access := tok["access_token"].(string)
	introspect := func(as registered) map[string]any {
		_, body, _ := in.tokenCall(t, "/oauth2/introspect", as, url.Values{"token": {access}})
		return body
	}
	if got := introspect(cl); got["active"] != true || got["client_id"] != cl.id || got["sub"] != "client:"+cl.id {
		t.Fatalf("introspect own token: %v", got)
	}
	if got := introspect(other); got["active"] != false {
		t.Fatalf("introspect another client's token: %v", got)
	}
	if status, _, _ := in.tokenCall(t, "/oauth2/revoke", other, url.Values{"token": {access}}); status != 400 {
		t.Fatalf("another client revoked the token: %d", status)
	}
	if status, _, _ := in.tokenCall(t, "/oauth2/revoke", cl, url.Values{"token": {access}}); status != 200 {
		t.Fatalf("revoke: %d", status)
	}
	if got := introspect(cl); got["active"] != false {
		t.Fatalf("introspect a revoked token: %v", got)
	}
	if status, _, _ := in.tokenCall(t, "/oauth2/revoke", cl, url.Values{"token": {"unknown"}}); status != 200 {
		t.Fatalf("revoke an unknown token: %d", status)
	}
}

func TestBearerErrorsAreErrorResponses(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	access := tok["access_token"].(string)
	tamper := access[:len(access)-4] + "AAAA"
	tests := []struct {
		name, path, token string
		query             string
		status, code      int
		challenge         string
	}{
		{"no token", "/gateway/test/whoami", "", "", 401, fault.CodeUnauthorized, `Bearer realm="openbank"`},
		{"bad signature", "/gateway/test/whoami", tamper, "", 401, fault.CodeUnauthorized, `error="invalid_token"`},
		{"not a JWT", "/gateway/test/whoami", "garbage", "", 401, fault.CodeUnauthorized, `error="invalid_token"`},
		{"token in the query", "/gateway/test/whoami", "", "?access_token=" + access, 400, fault.CodeValidation, `error="invalid_request"`},
		{"product not granted", "/aggregation/test/pdf", access, "", 403, fault.CodeForbidden, `error="insufficient_scope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, in.base+tt.path+tt.query, nil)
			if tt.token != "" {
				req.Header.Set("Authorization", "Bearer "+tt.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body fault.Response
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != tt.status || body.Fault.Code != tt.code || body.Fault.Message == "" {
				t.Fatalf("got %d %+v (%v), want %d with code %d", resp.StatusCode, body, err, tt.status, tt.code)
			}
			if !strings.Contains(resp.Header.Get("WWW-Authenticate"), tt.challenge) {
				t.Fatalf("WWW-Authenticate = %q, want %q", resp.Header.Get("WWW-Authenticate"), tt.challenge)
			}
			if tt.name == "product not granted" && !strings.Contains(body.Fault.Description, "pdf") {
				t.Fatalf("403 does not name the product: %+v", body)
			}
		})
	}
}

// TestThrottlingKicksIn: failures from one address hold that address back,
// even with the right secret or password (other addresses: oauth_hardening_test.go).
func TestThrottlingKicksIn(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	wrong := url.Values{"grant_type": {"password"}, "username": {"carol"}, "password": {"wrong-password"}}
	for i := 0; i < oauth.DefaultThrottle.Pair.Free; i++ {
		if status, _, _ := in.tokenCall(t, "/oauth2/token", cl, wrong); status != 400 {
			t.Fatalf("failure %d: %d", i+1, status)
		}
	}
	right := url.Values{"grant_type": {"password"}, "username": {"carol"}, "password": {"carol-password"}}
	status, body, hdr := in.tokenCall(t, "/oauth2/token", cl, right)
	if status != 429 || body["error"] != "invalid_grant" || hdr.Get("Retry-After") == "" {
		t.Fatalf("after %d failures: %d %v %v", oauth.DefaultThrottle.Pair.Free, status, body, hdr)
	}
	bad := registered{cl.id, "wrong"}
	cc := url.Values{"grant_type": {"client_credentials"}}
	for i := 0; i < oauth.DefaultThrottle.Pair.Free; i++ {
		in.tokenCall(t, "/oauth2/token", bad, cc)
	}
	if status, body, hdr := in.tokenCall(t, "/oauth2/token", cl, cc); status != 429 || body["error"] != "invalid_client" || hdr.Get("Retry-After") == "" {
		t.Fatalf("client after %d failures: %d %v", oauth.DefaultThrottle.Pair.Free, status, body)
	}
}
