package egress

import (
	"context"
	"errors"
	"testing"
)

// TestCheckURLRefusesInternalTargets covers the spellings an attacker
// would try; each must be refused without a look-up.
func TestCheckURLRefusesInternalTargets(t *testing.T) {
	refused := []string{
		"http://169.254.169.254/latest/meta-data",
		"https://169.254.169.254/latest/meta-data",
		"https://127.0.0.1/cb",
		"https://127.1/cb",
		"https://2130706433/cb",
		"https://0177.0.0.1/cb",
		"https://0x7f000001/cb",
		"https://0x7f.0.0.1/cb",
		"https://017700000001/cb",
		"https://127.0.0.1./cb",
		"https://[::1]/cb",
		"https://[::ffff:127.0.0.1]/cb",
		"https://[::ffff:7f00:1]/cb",
		"https://[::ffff:8.8.8.8]/cb",
		"https://[::]/cb",
		"https://0.0.0.0/cb",
		"https://0/cb",
		"https://10.1.2.3/cb",
		"https://172.16.0.1/cb",
		"https://192.168.1.1:8443/cb",
		"https://100.64.0.1/cb",
		"https://[fd00::1]/cb",
		"https://[fe80::1%25eth0]/cb",
		"https://224.0.0.1/cb",
		"https://[ff02::1]/cb",
		"https://255.255.255.255/cb",
		"https://localhost/cb",
		"https://LOCALHOST./cb",
		"https://api.localhost/cb",
		"https://metadata.google.internal/computeMetadata/v1/",
		"https://printer.local/cb",
		"https://8.8.8.8.9/cb",
		"https://example.999/cb",
		"http://example.com/cb",
		"ftp://example.com/cb",
		"gopher://example.com:70/_",
		"/relative/cb",
		"https:///cb",
	}
	for _, raw := range refused {
		if _, err := (Policy{}).CheckURL(raw); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: accepted (%v)", raw, err)
		}
	}
}

func TestCheckURLAcceptsPublicTargets(t *testing.T) {
	for _, raw := range []string{"https://example.com/cb?secret=s", "https://93.184.216.34:443/cb",
		"https://[2606:2800:220:1:248:1893:25c8:1946]/cb", "https://1e100.net/cb", "https://hooks.example.org:8443/x"} {
		if _, err := (Policy{Ports: []int{8443}}).CheckURL(raw); err != nil {
			t.Errorf("%s: %v", raw, err)
		}
	}
}

// TestCheckURLRefusesCredentialsAndUnlistedPorts: a URL carrying
// credentials is refused under every policy, a port other than 443 unless
// the operator listed it; local work (AllowPrivate) allows every port.
func TestCheckURLRefusesCredentialsAndUnlistedPorts(t *testing.T) {
	listed := Policy{Ports: []int{8443}}
	tests := []struct {
		raw    string
		policy Policy
		reason string // empty: accepted
	}{
		{"https://user:pass@example.com/cb", Policy{}, "credentials in the URL (user:password@) are not allowed: sign callbacks instead"},
		{"https://user@example.com/cb", Policy{}, "credentials in the URL (user:password@) are not allowed: sign callbacks instead"},
		{"https://:pass@example.com/cb", listed, "credentials in the URL (user:password@) are not allowed: sign callbacks instead"},
		{"http://user:pass@127.0.0.1:8080/cb", Policy{AllowPrivate: true}, "credentials in the URL (user:password@) are not allowed: sign callbacks instead"},
		{"https://example.com:22/cb", Policy{}, "port 22 is not allowed: use 443, or ask the operator to list it in CALLBACK_ALLOWED_PORTS"},
		{"https://example.com:8443/cb", Policy{}, "port 8443 is not allowed: use 443, or ask the operator to list it in CALLBACK_ALLOWED_PORTS"},
		{"https://example.com:22/cb", listed, "port 22 is not allowed: use 443, or ask the operator to list it in CALLBACK_ALLOWED_PORTS"},
		{"https://example.com:0/cb", listed, "port 0 is not a valid port"},
		{"https://example.com:99999/cb", listed, "port 99999 is not a valid port"},
		{"https://example.com:443/cb", Policy{}, ""},
		{"https://example.com:00443/cb", Policy{}, ""},
		{"https://example.com/cb", Policy{}, ""},
		{"https://example.com:8443/cb", listed, ""},
		{"http://127.0.0.1:41234/cb", Policy{AllowPrivate: true}, ""},
	}
	for _, tt := range tests {
		_, err := tt.policy.CheckURL(tt.raw)
		var r *Refusal
		switch {
		case tt.reason == "" && err != nil:
			t.Errorf("%s: %v, want accepted", tt.raw, err)
		case tt.reason != "" && (!errors.As(err, &r) || r.Reason != tt.reason):
			t.Errorf("%s: %v, want %q", tt.raw, err, tt.reason)
		}
	}
}

func TestAllowPrivateLiftsThePolicy(t *testing.T) {
	p := Policy{AllowPrivate: true}
	for _, raw := range []string{"http://127.0.0.1:8080/cb", "http://localhost/cb", "https://[::1]/cb"} {
		if err := p.CheckTarget(context.Background(), raw); err != nil {
			t.Errorf("%s: %v", raw, err)
		}
	}
	if _, err := p.CheckURL("ftp://127.0.0.1/"); err == nil {
		t.Error("ftp accepted")
	}
}

func TestRefusalNamesTheAddress(t *testing.T) {
	tests := []struct{ raw, reason string }{
		{"https://0177.0.0.1/", "0177.0.0.1 is 127.0.0.1, and 127.0.0.1 is loopback"},
		{"https://0x08080808/", "0x08080808 is an unusual spelling of 8.8.8.8; write the address as 8.8.8.8"},
		{"https://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1 is an IPv4-mapped address"},
		{"http://169.254.169.254/latest/meta-data", "169.254.169.254 is link-local"},
		{"http://example.com/", "plain http is not allowed: use https"},
	}
	for _, tt := range tests {
		_, err := (Policy{}).CheckURL(tt.raw)
		var r *Refusal
		if !errors.As(err, &r) || r.Reason != tt.reason {
			t.Errorf("%s: %v, want %q", tt.raw, err, tt.reason)
		}
	}
}
