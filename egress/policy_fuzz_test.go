package egress_test

import (
	"net"
	"net/netip"
	"strings"
	"testing"

	"openbank/egress"
)

// FuzzCheckURL feeds callback URLs to the production policy: it never
// panics, and a URL it accepts is https, carries no credentials, names no
// port but 443 and no refused address in the spelling the dialler would read.
func FuzzCheckURL(f *testing.F) {
	for _, seed := range []string{
		"https://example.com/callbacks", "https://169.254.169.254/latest/meta-data", "https://0x7f.1/cb",
		"https://[::ffff:127.0.0.1]/cb", "https://[fe80::1%25eth0]/cb", "https://2130706433/", "http://example.com/",
		"https://user:pass@example.com:8443/cb?x=1#f", "https://LOCALHOST./cb", "https://8.8.8.8/", "//example.com",
		"https://0177.0.0.01/", "https://[::]/", "https://a.internal/", "https://example.com:99999/",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := egress.Policy{}.CheckURL(raw)
		if err != nil {
			return
		}
		if u.Scheme != "https" {
			t.Fatalf("%q accepted with scheme %q", raw, u.Scheme)
		}
		if u.User != nil {
			t.Fatalf("%q accepted with credentials", raw)
		}
		if port := u.Port(); port != "" && strings.TrimLeft(port, "0") != "443" {
			t.Fatalf("%q accepted with port %s", raw, port)
		}
		host := strings.TrimSuffix(u.Hostname(), ".")
		if ip := net.ParseIP(host); ip != nil {
			a, _ := netip.AddrFromSlice(ip)
			if err := egress.CheckAddr(a.Unmap()); err != nil {
				t.Fatalf("%q accepted, but its host is %v: %v", raw, a, err)
			}
		}
		if h := strings.ToLower(host); h == "localhost" || strings.HasSuffix(h, ".localhost") {
			t.Fatalf("%q accepted, but it names the local host", raw)
		}
	})
}
