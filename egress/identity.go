package egress

import (
	"crypto/tls"
	"crypto/x509"
	"net/netip"
)

// Identity is how outbound requests present themselves: the operator's
// client certificate for servers that demand mutual TLS, the roots that
// servers' certificates must chain to, and the source address connections
// leave from. The zero Identity is none of them (the system's roots).
type Identity struct {
	Certificates []tls.Certificate
	RootCAs      *x509.CertPool // nil: the system's roots
	Source       netip.Addr     // the zero Addr: the system chooses
}

// tlsConfig is the TLS configuration of the identity; nil for the zero one.
func (id Identity) tlsConfig() *tls.Config {
	if len(id.Certificates) == 0 && id.RootCAs == nil {
		return nil
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: id.Certificates, RootCAs: id.RootCAs}
}
