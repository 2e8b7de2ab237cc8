package egress

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// Policy decides which URLs outbound requests may go to. The zero value is
// the production policy: https only, public addresses only.
type Policy struct {
	// AllowPrivate lifts the policy for local work: plain http, every
	// address and every port are allowed (CALLBACK_ALLOW_PRIVATE, serve
	// --demo). Credentials in the URL stay refused.
	AllowPrivate bool
	// Ports are the ports a URL may name besides 443
	// (CALLBACK_ALLOWED_PORTS); a URL without a port is always allowed.
	Ports []int
	// Resolver looks names up, at registration and when dialling; nil is
	// net.DefaultResolver.
	Resolver *net.Resolver
}

// lookupTimeout bounds the look-up of a name at registration.
const lookupTimeout = 5 * time.Second

// localNames are names (and the parents of names) that only mean
// something inside the operator's network.
var localNames = []string{"localhost", "local", "internal", "home.arpa"}

// CheckURL checks what a URL says without looking anything up: an
// absolute https URL (http too when AllowPrivate) without credentials,
// whose host is neither a refused address in any spelling nor a name of
// the local network and whose port, if any, is 443 or one of Ports. Callers
// check again when dialling (Client); CheckTarget also resolves the name.
func (p Policy) CheckURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return nil, refuse("the URL must be absolute, e.g. https://example.com/callbacks")
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, refuse("scheme " + u.Scheme + " is not allowed: use https")
	}
	if u.User != nil {
		return nil, refuse("credentials in the URL (user:password@) are not allowed: sign callbacks instead")
	}
	if p.AllowPrivate {
		return u, nil
	}
	if err := checkHost(u.Hostname()); err != nil {
		return nil, err
	}
	if err := p.checkPort(u.Port()); err != nil {
		return nil, err
	}
	if u.Scheme != "https" {
		return nil, refuse("plain http is not allowed: use https")
	}
	return u, nil
}

// CheckTarget is CheckURL and, for a name, a look-up whose every address
// must be allowed. A name that does not resolve yet is accepted: the check
// when dialling decides.
func (p Policy) CheckTarget(ctx context.Context, raw string) error {
	u, err := p.CheckURL(raw)
	if err != nil || p.AllowPrivate {
		return err
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if _, err := netip.ParseAddr(host); err == nil {
		return nil // a literal address, checked already
	}
	// A name that does not resolve yet (or not in time) has no address to
	// refuse: the dial check decides when it does.
	ctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	defer cancel()
	addrs, _ := p.resolver().LookupNetIP(ctx, "ip", host)
	for _, a := range addrs {
		if err := CheckAddr(a); err != nil {
			return refuse(host + " resolves to " + reasonOf(err))
		}
	}
	return nil
}

func (p Policy) resolver() *net.Resolver {
	if p.Resolver != nil {
		return p.Resolver
	}
	return net.DefaultResolver
}

// checkHost refuses a host that is a refused address, an address in an
// unusual spelling, or a local name.
func checkHost(host string) error {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if a, err := netip.ParseAddr(host); err == nil {
		return CheckAddr(a)
	}
	if a, ok, numeric := legacyIPv4(host); numeric {
		if !ok {
			return refuse(host + " is not a valid address")
		}
		reason := host + " is an unusual spelling of " + a.String() + "; write the address as " + a.String()
		if err := CheckAddr(a); err != nil {
			reason = host + " is " + a.String() + ", and " + reasonOf(err)
		}
		return refuse(reason)
	}
	for _, n := range localNames {
		if host == n || strings.HasSuffix(host, "."+n) {
			return refuse(host + " is a name of the local network")
		}
	}
	return nil
}
