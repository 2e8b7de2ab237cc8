package egress

import (
	"context"
	"encoding/binary"
	"net"
	"net/netip"
	"testing"
)

// startDNS serves A records over UDP: the first answer is first, every
// later one is then (a record that changes after registration). It
// returns a resolver that asks only this server.
func startDNS(t *testing.T, first, then netip.Addr) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		answered := 0
		buf := make([]byte, 1500)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			addr := then
			if answered == 0 {
				addr = first
			}
			reply, isA := dnsReply(buf[:n], addr)
			if isA {
				answered++
			}
			if reply != nil {
				pc.WriteTo(reply, from)
			}
		}
	}()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
}

// dnsReply answers a query for any name: an A query with addr, any other
// type with no records.
func dnsReply(q []byte, addr netip.Addr) ([]byte, bool) {
	end := 12
	for end < len(q) && q[end] != 0 {
		end += int(q[end]) + 1
	}
	end += 5 // the root label, QTYPE and QCLASS
	if len(q) < 12 || end > len(q) {
		return nil, false
	}
	isA := binary.BigEndian.Uint16(q[end-4:]) == 1
	out := append([]byte{}, q[:2]...)
	out = append(out, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0)
	out = append(out, q[12:end]...)
	if isA {
		out[7] = 1
		ip := addr.As4()
		out = append(out, 0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4)
		out = append(out, ip[:]...)
	}
	return out, isA
}
