package web

import (
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// clientCertificates reads the client certificate that a TLS terminator
// (CLIENT_CERT_HEADER, from a peer in TRUSTED_PROXIES) passes on, for
// tls_client_auth and certificate-bound tokens (RFC 8705). The header of
// any other peer is removed unread: only the terminator may set it.
type clientCertificates struct {
	header  string
	trusted []netip.Prefix
}

func newClientCertificates(header string, proxies []string) (*clientCertificates, error) {
	cc := &clientCertificates{header: header}
	for _, p := range proxies {
		if a, err := netip.ParseAddr(p); err == nil {
			cc.trusted = append(cc.trusted, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			return nil, fmt.Errorf("web: trusted proxy %q: %w", p, err)
		}
		cc.trusted = append(cc.trusted, prefix)
	}
	return cc, nil
}

// read puts the certificate in the request's context (oauth.ClientCertificate).
func (cc *clientCertificates) read(c *gin.Context) {
	value := c.Request.Header.Get(cc.header)
	if value == "" {
		return
	}
	c.Request.Header.Del(cc.header)
	if !cc.fromTerminator(c.Request.RemoteAddr) {
		return
	}
	if cert, err := parseClientCertificate(value); err == nil {
		c.Request = c.Request.WithContext(oauth.WithClientCertificate(c.Request.Context(), cert))
	}
}

// fromTerminator reports whether the peer is a trusted proxy.
func (cc *clientCertificates) fromTerminator(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		return false
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	for _, p := range cc.trusted {
		if p.Contains(a.Unmap()) {
			return true
		}
	}
	return false
}

// parseClientCertificate reads a certificate as terminators pass it: PEM,
// URL-escaped (nginx's $ssl_client_escaped_cert), or base64 DER.
func parseClientCertificate(value string) (*x509.Certificate, error) {
	if unescaped, err := url.PathUnescape(value); err == nil {
		value = unescaped
	}
	var der []byte
	if block, _ := pem.Decode([]byte(value)); block != nil && block.Type == "CERTIFICATE" {
		der = block.Bytes
	} else if raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(value)); err == nil {
		der = raw
	}
	return x509.ParseCertificate(der)
}
