package egress

import (
	"net/netip"
	"strconv"
	"strings"
)

// legacyIPv4 reads host as the IPv4 spellings that inet_aton and browsers
// accept besides the dotted quad: one to four parts, each decimal, octal
// (leading 0) or hexadecimal (0x), the last filling the remaining bytes,
// e.g. 2130706433, 0177.0.0.1, 0x7f.1. numeric says whether host looks like
// such a spelling at all (its last part is a number); ok whether it is a
// valid one.
func legacyIPv4(host string) (addr netip.Addr, ok, numeric bool) {
	parts := strings.Split(host, ".")
	if _, isNum := legacyPart(parts[len(parts)-1]); !isNum {
		return netip.Addr{}, false, false
	}
	if len(parts) > 4 {
		return netip.Addr{}, false, true
	}
	var value uint64
	for i, p := range parts {
		n, isNum := legacyPart(p)
		if !isNum {
			return netip.Addr{}, false, true
		}
		last := i == len(parts)-1
		if (!last && n > 0xff) || (last && n >= 1<<(8*(5-len(parts)))) {
			return netip.Addr{}, false, true
		}
		if last {
			value = value<<(8*(5-len(parts))) | n
		} else {
			value = value<<8 | n
		}
	}
	b := [4]byte{byte(value >> 24), byte(value >> 16), byte(value >> 8), byte(value)}
	return netip.AddrFrom4(b), true, true
}

// legacyPart reads one part of a legacy IPv4 spelling.
func legacyPart(p string) (uint64, bool) {
	base, digits := 10, p
	switch {
	case strings.HasPrefix(p, "0x"):
		base, digits = 16, p[2:]
		if digits == "" {
			return 0, true // "0x" alone is zero, as browsers read it
		}
	case len(p) > 1 && p[0] == '0':
		base, digits = 8, p[1:]
	}
	if digits == "" {
		return 0, false
	}
	n, err := strconv.ParseUint(digits, base, 32)
	return n, err == nil
}
