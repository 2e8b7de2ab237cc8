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
		{"NUL in id", "grant_type=x", basic("a\x00b", "s"), "", "", "invalid_client"},
		{"encoded NUL in id", "grant_type=x", basic("a%00b", "s"), "", "", "invalid_client"},
		{"id not UTF-8", "grant_type=x", basic("a\xffb", "s"), "", "", "invalid_client"},
		{"encoded id not UTF-8", "grant_type=x", basic("a%FFb", "s"), "", "", "invalid_client"},
		{"line break in secret", "grant_type=x", basic("app", "s%0A"), "", "", "invalid_client"},
		{"bad form", "grant_type=%zz", "", "", "", "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, cr, err := ParseClientRequest(httptest.NewRecorder(), tokenRequest(tt.body, tt.auth))
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
	if _, _, err := ParseClientRequest(httptest.NewRecorder(), r); err == nil || err.Code != "invalid_request" {
		t.Fatalf("JSON body accepted: %v", err)
	}
}

func TestParseClientRequestRefusesLargeBodiesAndControlCharacters(t *testing.T) {
	t.Parallel()
	big := "grant_type=client_credentials&pad=" + strings.Repeat("a", 70_000)
	tests := []struct {
		name    string
		request func() *http.Request
		status  int
		names   string // the description must name it
	}{
		{"announced too large", func() *http.Request { return tokenRequest(big, "") }, 413, "64 KiB"},
		{"found too large", func() *http.Request {
			r := tokenRequest(big, "")
			r.ContentLength = -1 // chunked: the length is not known in advance
			return r
		}, 413, "64 KiB"},
		{"NUL", func() *http.Request { return tokenRequest("grant_type=password&username=a%00b", basic("app", "s")) }, 400, `"username"`},
		{"line break", func() *http.Request { return tokenRequest("grant_type=x&scope=a%0Ab", basic("app", "s")) }, 400, `"scope"`},
		{"not UTF-8", func() *http.Request { return tokenRequest("grant_type=x&code=%FF", basic("app", "s")) }, 400, `"code"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := ParseClientRequest(httptest.NewRecorder(), tt.request())
			if err == nil || err.Status != tt.status || err.Code != "invalid_request" || !strings.Contains(err.Description, tt.names) {
				t.Fatalf("got %+v, want %d invalid_request naming %s", err, tt.status, tt.names)
			}
		})
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
		form, cr, err := ParseClientRequest(httptest.NewRecorder(), tokenRequest(body, auth))
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
