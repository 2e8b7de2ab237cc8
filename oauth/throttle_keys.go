package oauth

import (
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
)

// attemptKeys are the throttle keys one authentication attempt counts
// under; username is empty for a client. known is the key of the record
// that this username signed in from this address before (users only).
type attemptKeys struct {
	pair, address, username throttleKey
	known                   string
}

// names lists the keys to read.
func (k attemptKeys) names() []string {
	out := []string{k.pair.key, k.address.key}
	if k.username.key != "" {
		out = append(out, k.username.key, k.known)
	}
	return out
}

// clientKeys are the keys of a client authentication from addr.
func (s *Server) clientKeys(clientID, addr string) attemptKeys {
	a, t := throttleAddress(addr), s.cfg.Throttle
	return attemptKeys{
		pair:    throttleKey{"client " + a + " " + keyPart(clientID), t.Pair},
		address: throttleKey{"clients " + a, t.Address},
	}
}

// userKeys are the keys of a password check for username from addr.
func (s *Server) userKeys(username, addr string) attemptKeys {
	a, name, t := throttleAddress(addr), keyPart(username), s.cfg.Throttle
	return attemptKeys{
		pair:     throttleKey{"user " + a + " " + name, t.Pair},
		address:  throttleKey{"users " + a, t.Address},
		username: throttleKey{"user " + name, t.Username},
		known:    "known " + a + " " + name,
	}
}

// throttleAddress is the part of a client address that throttling counts:
// an IPv4 address, or the /64 prefix of an IPv6 one, which a single
// subscriber usually holds whole.
func throttleAddress(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return "unknown"
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		p, err := ip.Prefix(64)
		if err != nil {
			return "unknown"
		}
		return p.String()
	}
	return ip.String()
}

// keyPart keeps a name in a key as it is when it looks like a username or
// client id, and as a digest otherwise, so that keys stay short.
func keyPart(name string) string {
	if len(name) <= 64 && ValidUsername(name) {
		return name
	}
	d := sha256.Sum256([]byte(name))
	return "#" + hex.EncodeToString(d[:16])
}
