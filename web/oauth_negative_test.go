package web

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"openbank/oauth"
)

const callback = "https://app.example.com/callback"

// authURL is an authorization request of cl with an S256 challenge.
func (in *instance) authURL(cl registered, redirectURI, challenge string, extra url.Values) string {
	v := url.Values{"response_type": {"code"}, "client_id": {cl.id}, "redirect_uri": {redirectURI}, "state": {"xyz"},
		"code_challenge": {challenge}, "code_challenge_method": {"S256"}}
	for k, vs := range extra {
		v[k] = vs
	}
	return in.base + "/oauth2/authorize?" + v.Encode()
}

// code obtains an authorization code for verifier through the pages.
func (in *instance) code(t *testing.T, b *http.Client, cl registered, verifier string) string {
	t.Helper()
	to := authorize(t, b, in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil), "carol", "carol-password")
	if to.Query().Get("code") == "" {
		t.Fatalf("no code: %s", to)
	}
	return to.Query().Get("code")
}

func exchange(code, verifier string) url.Values {
	return url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback}, "code_verifier": {verifier}}
}

const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

func TestTokenEndpointRefusals(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	ccOnly := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantClientCredentials}})
	in.user(t, "carol", "carol-password")
	cc := url.Values{"grant_type": {"client_credentials"}}
	tests := []struct {
		name   string
		call   func() (int, map[string]any, http.Header)
		status int
		code   string
	}{
		{"GET", func() (int, map[string]any, http.Header) {
			req, _ := http.NewRequest(http.MethodGet, in.base+"/oauth2/token?grant_type=client_credentials", nil)
			return do(t, req)
		}, 405, "invalid_request"},
		{"missing grant_type", func() (int, map[string]any, http.Header) { return in.tokenCall(t, "/oauth2/token", cl, url.Values{}) }, 400, "invalid_request"},
		{"unknown grant", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"urn:example:magic"}})
		}, 400, "unsupported_grant_type"},
		{"grant not allowed", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", ccOnly, url.Values{"grant_type": {"password"}, "username": {"carol"}, "password": {"carol-password"}})
		}, 400, "unauthorized_client"},
		{"wrong secret", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", registered{cl.id, "wrong"}, cc)
		}, 401, "invalid_client"},
		{"unknown client", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", registered{"nobody", "x"}, cc)
		}, 401, "invalid_client"},
		{"Basic and body credentials", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}, "client_secret": {cl.secret}})
		}, 400, "invalid_request"},
		{"repeated parameter", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials", "client_credentials"}})
		}, 400, "invalid_request"},
		{"openid without a user", func() (int, map[string]any, http.Header) {
			return in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}, "scope": {"openid"}})
		}, 400, "invalid_scope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body, hdr := tt.call()
			if status != tt.status || body["error"] != tt.code || hdr.Get("Cache-Control") != "no-store" {
				t.Fatalf("got %d %v %v, want %d %s", status, body, hdr.Get("Cache-Control"), tt.status, tt.code)
			}
			if tt.code == "invalid_client" && !strings.HasPrefix(hdr.Get("WWW-Authenticate"), "Basic") {
				t.Fatalf("invalid_client without a Basic challenge: %v", hdr)
			}
		})
	}
}

func TestClientSecretPostAndURLEncodedBasic(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{ClientID: "id with:colon", Secret: "s3cret+/=&%"})
	status, body, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if status != 200 {
		t.Fatalf("URL-encoded Basic: %d %v", status, body)
	}
	status, body, _ = in.tokenCall(t, "/oauth2/token", registered{}, url.Values{"grant_type": {"client_credentials"},
		"client_id": {cl.id}, "client_secret": {cl.secret}})
	if status != 200 {
		t.Fatalf("client_secret_post: %d %v", status, body)
	}
}

func TestWrongPasswordDoesNotRevealTheUser(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	_, known, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"password"}, "username": {"carol"}, "password": {"wrong-password"}})
	status, unknown, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"password"}, "username": {"nobody"}, "password": {"wrong-password"}})
	if status != 400 || known["error"] != "invalid_grant" || known["error_description"] != unknown["error_description"] || known["error"] != unknown["error"] {
		t.Fatalf("known user: %v, unknown user: %v", known, unknown)
	}
}

func TestRedirectURIMustMatchExactly(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	b := browser()
	for _, uri := range []string{callback + "/", "https://APP.example.com/callback", "https://app.example.com/Callback",
		callback + "?x=1", "https://app.example.com.evil.test/callback", "https://evil.test/callback", ""} {
		t.Run(uri, func(t *testing.T) {
			resp, err := b.Get(in.authURL(cl, uri, oauth.ChallengeS256(verifier), nil))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 400 || resp.Header.Get("Location") != "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("got %d Location=%q", resp.StatusCode, resp.Header.Get("Location"))
			}
		})
	}
}

func TestAuthorizeErrorsGoBackToTheClient(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	noCode := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantClientCredentials}})
	b := browser()
	challenge := oauth.ChallengeS256(verifier)
	tests := []struct {
		name string
		url  string
		code string
	}{
		{"missing PKCE", in.authURL(cl, callback, "", nil), "invalid_request"},
		{"plain PKCE", in.authURL(cl, callback, verifier, url.Values{"code_challenge_method": {"plain"}}), "invalid_request"},
		{"method without challenge", in.authURL(cl, callback, "", url.Values{"code_challenge_method": {"S256"}}), "invalid_request"},
		{"short challenge", in.authURL(cl, callback, "abc", nil), "invalid_request"},
		{"response type", in.authURL(cl, callback, challenge, url.Values{"response_type": {"token"}}), "unsupported_response_type"},
		{"unknown scope", in.authURL(cl, callback, challenge, url.Values{"scope": {"admin"}}), "invalid_scope"},
		{"repeated parameter", in.authURL(cl, callback, challenge, nil) + "&state=again", "invalid_request"},
		{"grant not allowed", in.authURL(noCode, callback, challenge, nil), "unauthorized_client"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := b.Get(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			to, _ := url.Parse(resp.Header.Get("Location"))
			if resp.StatusCode != 302 || !strings.HasPrefix(to.String(), callback+"?") || to.Query().Get("error") != tt.code {
				t.Fatalf("got %d %s, want a redirect with error=%s", resp.StatusCode, to, tt.code)
			}
			if tt.name != "repeated parameter" && to.Query().Get("state") != "xyz" {
				t.Fatalf("state not returned: %s", to)
			}
		})
	}
}

func TestCodeExchangeRefusals(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	other := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	tests := []struct {
		name   string
		client registered
		form   func(code string) url.Values
		error  string
	}{
		{"missing verifier", cl, func(code string) url.Values { f := exchange(code, verifier); f.Del("code_verifier"); return f }, "invalid_request"},
		{"wrong verifier", cl, func(code string) url.Values { return exchange(code, strings.Repeat("a", 43)) }, "invalid_grant"},
		{"too short verifier", cl, func(code string) url.Values { return exchange(code, verifier[:42]) }, "invalid_grant"},
		{"challenge as verifier (plain)", cl, func(code string) url.Values { return exchange(code, oauth.ChallengeS256(verifier)) }, "invalid_grant"},
		{"other client", other, func(code string) url.Values { return exchange(code, verifier) }, "invalid_grant"},
		{"other redirect URI", cl, func(code string) url.Values {
			f := exchange(code, verifier)
			f.Set("redirect_uri", callback+"/")
			return f
		}, "invalid_grant"},
		{"unknown code", cl, func(string) url.Values { return exchange("no-such-code", verifier) }, "invalid_grant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := in.code(t, b, cl, verifier)
			status, body, _ := in.tokenCall(t, "/oauth2/token", tt.client, tt.form(code))
			if status != 400 || body["error"] != tt.error {
				t.Fatalf("got %d %v, want %s", status, body, tt.error)
			}
		})
	}
}

func TestCodeReplayRevokesItsTokens(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	code := in.code(t, browser(), cl, verifier)
	status, first, _ := in.tokenCall(t, "/oauth2/token", cl, exchange(code, verifier))
	if status != 200 {
		t.Fatalf("first exchange: %d %v", status, first)
	}
	access := first["access_token"].(string)
	if status, _, _ := in.api(t, "/gateway/test/whoami", access); status != 200 {
		t.Fatalf("token refused before the replay: %d", status)
	}
	status, replay, _ := in.tokenCall(t, "/oauth2/token", cl, exchange(code, verifier))
	if status != 400 || replay["error"] != "invalid_grant" {
		t.Fatalf("replay: %d %v", status, replay)
	}
	if status, _, hdr := in.api(t, "/gateway/test/whoami", access); status != 401 || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Fatalf("access token of a replayed code still accepted: %d", status)
	}
	status, body, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {first["refresh_token"].(string)}})
	if status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("refresh token of a replayed code: %d %v", status, body)
	}
}

// passwordTokens gets a token pair for carol.
func (in *instance) passwordTokens(t *testing.T, cl registered) map[string]any {
	t.Helper()
	status, body, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"password"}, "username": {"carol"}, "password": {"carol-password"}})
	if status != 200 {
		t.Fatalf("password grant: %d %v", status, body)
	}
	return body
}

func refresh(token string) url.Values {
	return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {token}}
}

func TestRefreshTokenRefusals(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	other := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	t.Run("reuse revokes the family", func(t *testing.T) {
		first := in.passwordTokens(t, cl)
		_, second, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(first["refresh_token"].(string)))
		newest := second["access_token"].(string)
		status, body, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(first["refresh_token"].(string)))
		if status != 400 || body["error"] != "invalid_grant" {
			t.Fatalf("reuse: %d %v", status, body)
		}
		if status, _, _ := in.api(t, "/gateway/test/whoami", newest); status != 401 {
			t.Fatalf("newest access token of a revoked family: %d", status)
		}
		if status, _, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(second["refresh_token"].(string))); status != 400 {
			t.Fatalf("newest refresh token of a revoked family: %d", status)
		}
	})
	t.Run("concurrent refreshes: exactly one wins", func(t *testing.T) {
		rt := in.passwordTokens(t, cl)["refresh_token"].(string)
		var wg sync.WaitGroup
		statuses := make([]int, 4)
		for i := range statuses {
			wg.Go(func() { statuses[i], _, _ = in.tokenCall(t, "/oauth2/token", cl, refresh(rt)) })
		}
		wg.Wait()
		wins := 0
		for _, s := range statuses {
			if s == 200 {
				wins++
			}
		}
		if wins != 1 {
			t.Fatalf("statuses %v: want exactly one 200", statuses)
		}
	})
	t.Run("expired", func(t *testing.T) {
		rt := in.passwordTokens(t, cl)["refresh_token"].(string)
		in.db.MustExec(`UPDATE oauth_refresh_tokens SET expires_at = now() - interval '1 second' WHERE digest = $1`, oauth.Digest(rt))
		if status, body, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(rt)); status != 400 || body["error"] != "invalid_grant" {
			t.Fatalf("expired: %d %v", status, body)
		}
	})
	t.Run("another client's", func(t *testing.T) {
		rt := in.passwordTokens(t, cl)["refresh_token"].(string)
		if status, body, _ := in.tokenCall(t, "/oauth2/token", other, refresh(rt)); status != 400 || body["error"] != "invalid_grant" {
			t.Fatalf("other client: %d %v", status, body)
		}
		if status, _, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(rt)); status != 200 {
			t.Fatalf("the owner's refresh after another client tried: %d", status)
		}
	})
}
