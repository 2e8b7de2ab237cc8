package aggregation_test

import (
	"net/url"
	"strings"
	"testing"

	"openbank/aggregation"
)

// FuzzOriginAllowed matches returnTo URLs against registered origins: it
// never panics, and a URL it accepts is absolute http(s), carries no user
// information, and its scheme://host[:port] is one of the origins.
func FuzzOriginAllowed(f *testing.F) {
	origins := []string{"https://app.example.com", "http://localhost:3000/", "HTTPS://Shop.Example:8443"}
	for _, seed := range []string{
		"https://app.example.com/done?x=1", "https://app.example.com.evil.test/", "https://evil.test/?https://app.example.com",
		"https://app.example.com@evil.test/", "//app.example.com/x", "http://localhost:3000", "https://shop.example:8443/a",
		"https://app.example.com:443/", "javascript:alert(1)//https://app.example.com", "https://APP.example.com/",
		"https://app.example.com\\@evil.test/", "https://app.example.com%2eevil.test/",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if !aggregation.OriginAllowed(raw, origins) {
			return
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Host == "" {
			t.Fatalf("%q accepted: %v", raw, err)
		}
		origin := strings.ToLower(u.Scheme + "://" + u.Host)
		for _, o := range origins {
			if strings.ToLower(strings.TrimSuffix(o, "/")) == origin {
				return
			}
		}
		t.Fatalf("%q accepted with origin %q, which is not registered", raw, origin)
	})
}
