package egress

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync/atomic"
	"testing"
	"time"
)

func TestControlRefusesResolvedAddresses(t *testing.T) {
	tests := []struct {
		address string
		refused bool
	}{
		{"127.0.0.1:80", true},
		{"[::1]:443", true},
		{"[::ffff:127.0.0.1]:443", true},
		{"10.0.0.7:443", true},
		{"169.254.169.254:80", true},
		{"[fe80::1%eth0]:443", true},
		{"0.0.0.0:443", true},
		{"93.184.216.34:443", false},
		{"[2606:2800:220:1:248:1893:25c8:1946]:443", false},
	}
	for _, tt := range tests {
		err := (Policy{}).Control("tcp", tt.address, nil)
		if errors.Is(err, ErrRefused) != tt.refused {
			t.Errorf("%s: %v", tt.address, err)
		}
		if err := (Policy{AllowPrivate: true}).Control("tcp", tt.address, nil); err != nil {
			t.Errorf("%s with AllowPrivate: %v", tt.address, err)
		}
	}
}

// TestDialRefusesARebindingName registers a name while it resolves to a
// public address, then lets it resolve to loopback: the request is refused
// when dialling and never reaches the server.
func TestDialRefusesARebindingName(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	dns := startDNS(t, netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("127.0.0.1"))
	strict := Policy{Resolver: dns}
	if err := strict.CheckTarget(context.Background(), "https://rebind.test/cb"); err != nil {
		t.Fatalf("registration while public: %v", err)
	}
	target := (&url.URL{Scheme: "http", Host: net.JoinHostPort("rebind.test", port), Path: "/cb"}).String()
	_, err := strict.Client(2 * time.Second).Get(target)
	if !errors.Is(err, ErrRefused) || hits.Load() != 0 {
		t.Fatalf("dial after rebinding: %v, %d requests reached the server", err, hits.Load())
	}
	resp, err := (Policy{AllowPrivate: true, Resolver: dns}).Client(2 * time.Second).Get(target)
	if err != nil || hits.Load() != 1 {
		t.Fatalf("with AllowPrivate: %v, %d requests", err, hits.Load())
	}
	resp.Body.Close()
}

func TestClientRefusesLoopbackAndFollowsNoRedirect(t *testing.T) {
	srv := httptest.NewServer(http.RedirectHandler("http://169.254.169.254/", http.StatusFound))
	defer srv.Close()
	if _, err := (Policy{}).Client(time.Second).Get(srv.URL); !errors.Is(err, ErrRefused) {
		t.Fatalf("loopback dialled: %v", err)
	}
	resp, err := (Policy{AllowPrivate: true}).Client(time.Second).Get(srv.URL)
	if err != nil || resp.StatusCode != http.StatusFound {
		t.Fatalf("redirect: %v %v", resp, err)
	}
	resp.Body.Close()
}
