package oauth

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

func tokenRequest(body, authorization string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if authorization != "" {
		r.Header.Set("Authorization", authorization)
	}
	return r
}

func basic(id, secret string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(id+":"+secret))
}

func TestParseClientRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, auth string
		id, secret       string
		code             string
	}{
		{"basic", "grant_type=client_credentials", basic("app", "s3cret"), "app", "s3cret", ""},
		{"basic URL-decoded", "grant_type=client_credentials", basic("my%3Aapp", "a%2Bb+c"), "my:app", "a+b c", ""},
		{"basic with same client_id", "grant_type=x&client_id=app", basic("app", "s"), "app", "s", ""},
		{"post", "grant_type=x&client_id=app&client_secret=s", "", "app", "s", ""},
		{"public", "grant_type=x&client_id=app", "", "app", "", ""},
		{"both", "grant_type=x&client_secret=s", basic("app", "s"), "", "", "invalid_request"},
		{"other client_id", "grant_type=x&client_id=other", basic("app", "s"), "", "", "invalid_request"},
		{"repeated", "grant_type=x&grant_type=y", basic("app", "s"), "", "", "invalid_request"},
		{"bad base64", "grant_type=x", "Basic !!!", "", "", "invalid_client"},
		{"no colon", "grant_type=x", "Basic " + base64.StdEncoding.EncodeToString([]byte("app")), "", "", "invalid_client"},
		{"bad escape", "grant_type=x", basic("app%zz", "s"), "", "", "invalid_client"},
		{"other scheme", "grant_type=x", "Bearer abc", "", "", "invalid_client"},
		{"bad form", "grant_type=%zz", "", "", "", "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, cr, err := ParseClientRequest(tokenRequest(tt.body, tt.auth))
			switch {
			case tt.code != "" && (err == nil || err.Code != tt.code):
				t.Fatalf("got %v, want %s", err, tt.code)
			case tt.code == "" && (err != nil || cr.ClientID != tt.id || cr.Secret != tt.secret):
				t.Fatalf("got %+v %v, want %s:%s", cr, err, tt.id, tt.secret)
			}
		})
	}
	r := tokenRequest("grant_type=x", "")
	r.Header.Set("Content-Type", "application/json")
	if _, _, err := ParseClientRequest(r); err == nil || err.Code != "invalid_request" {
		t.Fatalf("JSON body accepted: %v", err)
	}
}

// FuzzParseClientRequest: any body and Authorization header either parse
// into single-valued parameters and credentials or give a protocol error;
// never a panic.
func FuzzParseClientRequest(f *testing.F) {
	f.Add("grant_type=client_credentials", basic("app", "s3cret"))
	f.Add("grant_type=password&username=u&password=p&scope=openid+default", basic("a%3Ab", "c%25d"))
	f.Add("grant_type=authorization_code&code=x&code_verifier=y&client_id=app", "")
	f.Add("grant_type=x&grant_type=y", "Basic Og==")
	f.Add("%zz=1&a", "basic   YTpi")
	f.Add("", "Basic")
	f.Fuzz(func(t *testing.T, body, auth string) {
		if !utf8.ValidString(auth) || strings.ContainsAny(auth, "\r\n\x00") {
			return
		}
		form, cr, err := ParseClientRequest(tokenRequest(body, auth))
		if err != nil {
			if err.Code == "" || err.Status < 400 {
				t.Fatalf("error without code or status: %+v", err)
			}
			return
		}
		for name, values := range form {
			if len(values) != 1 {
				t.Fatalf("parameter %q has %d values", name, len(values))
			}
		}
		if auth != "" && cr.ClientID == "" {
			t.Fatalf("Basic accepted without a client id: %q", auth)
		}
	})
}
