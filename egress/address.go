package egress

import (
	"errors"
	"net/netip"
)

// ErrRefused is matched by every refusal of the policy.
var ErrRefused = errors.New("outbound request refused")

// Refusal says why a URL or an address may not be reached.
type Refusal struct {
	Reason string // e.g. "127.0.0.1 is loopback"
}

func (r *Refusal) Error() string { return "refused: " + r.Reason }

// Unwrap makes every refusal match ErrRefused.
func (r *Refusal) Unwrap() error { return ErrRefused }

func refuse(reason string) error { return &Refusal{Reason: reason} }

// reasonOf is the reason of a refusal, or the error's text.
func reasonOf(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return err.Error()
}

// refusedRange is a block of addresses outbound requests never reach.
type refusedRange struct {
	prefix netip.Prefix
	what   string
}

// refusedRanges lists the blocks, most specific first where they overlap.
var refusedRanges = []refusedRange{
	{netip.MustParsePrefix("0.0.0.0/8"), "unspecified (this network)"},
	{netip.MustParsePrefix("10.0.0.0/8"), "private (RFC 1918)"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared address space (CGNAT)"},
	{netip.MustParsePrefix("127.0.0.0/8"), "loopback"},
	{netip.MustParsePrefix("169.254.0.0/16"), "link-local"},
	{netip.MustParsePrefix("172.16.0.0/12"), "private (RFC 1918)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "reserved (IETF protocol assignments)"},
	{netip.MustParsePrefix("192.0.2.0/24"), "reserved for documentation"},
	{netip.MustParsePrefix("192.168.0.0/16"), "private (RFC 1918)"},
	{netip.MustParsePrefix("198.18.0.0/15"), "reserved for benchmarking"},
	{netip.MustParsePrefix("198.51.100.0/24"), "reserved for documentation"},
	{netip.MustParsePrefix("203.0.113.0/24"), "reserved for documentation"},
	{netip.MustParsePrefix("224.0.0.0/4"), "multicast"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved (or broadcast)"},
	{netip.MustParsePrefix("::/128"), "unspecified"},
	{netip.MustParsePrefix("::1/128"), "loopback"},
	{netip.MustParsePrefix("::ffff:0:0/96"), "an IPv4-mapped address"},
	{netip.MustParsePrefix("::/96"), "an IPv4-compatible address"},
	{netip.MustParsePrefix("64:ff9b::/96"), "a NAT64 address"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "a NAT64 address"},
	{netip.MustParsePrefix("100::/64"), "reserved (discard)"},
	{netip.MustParsePrefix("2001::/32"), "a Teredo address"},
	{netip.MustParsePrefix("2001:db8::/32"), "reserved for documentation"},
	{netip.MustParsePrefix("2002::/16"), "a 6to4 address"},
	{netip.MustParsePrefix("fc00::/7"), "private (unique local)"},
	{netip.MustParsePrefix("fe80::/10"), "link-local"},
	{netip.MustParsePrefix("fec0::/10"), "site-local"},
	{netip.MustParsePrefix("ff00::/8"), "multicast"},
}

// CheckAddr refuses an address in any of the refused blocks; its reason
// names the address and the block.
func CheckAddr(a netip.Addr) error {
	if !a.IsValid() {
		return refuse("no valid address")
	}
	bare := a.WithZone("")
	for _, r := range refusedRanges {
		if r.prefix.Contains(bare) {
			return refuse(a.String() + " is " + r.what)
		}
	}
	return nil
}
