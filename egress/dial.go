package egress

import (
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// Control is a net.Dialer Control function: it runs after the name has
// been resolved, on the very address about to be dialled, and refuses it
// unless the policy allows it. A DNS record changed after registration
// (rebinding) is caught here.
func (p Policy) Control(_, address string, _ syscall.RawConn) error {
	if p.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return refuse("cannot read the dialled address " + address)
	}
	return CheckAddr(ap.Addr())
}

// Client is an HTTP client that dials only what the policy allows, uses
// no proxy (a proxy would dial the target out of the policy's sight) and
// follows no redirect.
func (p Policy) Client(timeout time.Duration) *http.Client {
	return p.ClientWith(timeout, Identity{})
}

// ClientWith is Client presenting the identity's client certificate to
// servers that ask for one and, when it names a source address, dialling
// from that address.
func (p Policy) ClientWith(timeout time.Duration, id Identity) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, Resolver: p.Resolver, Control: p.Control}
	if id.Source.IsValid() {
		dialer.LocalAddr = &net.TCPAddr{IP: id.Source.AsSlice()}
	}
	transport := &http.Transport{
		TLSClientConfig:       id.tlsConfig(),
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: timeout,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{
		Timeout:       timeout,
		Transport:     transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
