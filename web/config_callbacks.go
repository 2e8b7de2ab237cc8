package web

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/mail"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"

	"openbank/egress"
)

// CallbackConfig is how callbacks present themselves to clients'
// endpoints: the operator's client certificate for mutual TLS, the roots
// the endpoints' certificates must chain to, and the source addresses
// callbacks leave from.
type CallbackConfig struct {
	// Identity is the client certificate (none when unset) and the roots
	// (nil: the system's); its Source is set when BindSource is.
	Identity egress.Identity
	// Sources are the addresses callbacks leave from, as the operator
	// states them for clients' IP filters (shown in the docs and portal).
	Sources []netip.Addr
	// BindSource dials callbacks and token requests from Sources[0].
	BindSource bool
}

// callbacks reads CALLBACK_TLS_CERT_FILE and CALLBACK_TLS_KEY_FILE (PEM,
// both or neither), CALLBACK_TLS_ROOTS_FILE, CALLBACK_SOURCE_ADDRESSES and
// CALLBACK_BIND_SOURCE. The key stays in its file and in memory, never in
// the database.
func (r *envReader) callbacks() CallbackConfig {
	var cc CallbackConfig
	certFile, keyFile := r.str("CALLBACK_TLS_CERT_FILE", ""), r.str("CALLBACK_TLS_KEY_FILE", "")
	switch {
	case (certFile == "") != (keyFile == ""):
		r.fail("CALLBACK_TLS_CERT_FILE", certFile, "CALLBACK_TLS_CERT_FILE and CALLBACK_TLS_KEY_FILE go together")
	case certFile != "":
		pair, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			r.fail("CALLBACK_TLS_CERT_FILE", certFile, "cannot load the certificate and key: "+err.Error())
		} else {
			cc.Identity.Certificates = []tls.Certificate{pair}
		}
	}
	if roots := r.str("CALLBACK_TLS_ROOTS_FILE", ""); roots != "" {
		pem, err := os.ReadFile(roots) //nolint:gosec // G304: the file the operator names in CALLBACK_TLS_ROOTS_FILE
		pool := x509.NewCertPool()
		if err != nil || !pool.AppendCertsFromPEM(pem) {
			r.fail("CALLBACK_TLS_ROOTS_FILE", roots, "must be a readable file of PEM certificates")
		} else {
			cc.Identity.RootCAs = pool
		}
	}
	for _, s := range strings.Split(r.str("CALLBACK_SOURCE_ADDRESSES", ""), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			r.fail("CALLBACK_SOURCE_ADDRESSES", s, "must be a comma-separated list of IP addresses")
			continue
		}
		cc.Sources = append(cc.Sources, a)
	}
	cc.BindSource = r.boolean("CALLBACK_BIND_SOURCE", false)
	if cc.BindSource && len(cc.Sources) == 0 {
		r.fail("CALLBACK_BIND_SOURCE", "true", "needs CALLBACK_SOURCE_ADDRESSES")
	}
	if cc.BindSource && len(cc.Sources) > 0 {
		cc.Identity.Source = cc.Sources[0]
	}
	return cc
}

// MailConfig is the SMTP server that sends the developer portal's email
// (address verification, password reset). Without it an operator
// approves new accounts in the console.
type MailConfig struct {
	Addr     string // host:port; empty: no email
	From     string
	Username string
	Password string
}

// mail reads SMTP_ADDR, SMTP_FROM, SMTP_USERNAME and SMTP_PASSWORD.
func (r *envReader) mail() MailConfig {
	m := MailConfig{Addr: r.str("SMTP_ADDR", ""), From: r.str("SMTP_FROM", ""), Username: r.str("SMTP_USERNAME", ""),
		Password: r.getenv("SMTP_PASSWORD")}
	if m.Addr == "" {
		return m
	}
	if _, _, err := net.SplitHostPort(m.Addr); err != nil {
		r.fail("SMTP_ADDR", m.Addr, "must be host:port")
	}
	if _, err := mail.ParseAddress(m.From); err != nil {
		r.fail("SMTP_FROM", m.From, "must be an email address when SMTP_ADDR is set")
	}
	return m
}

// Outbound is the policy every callback URL is checked against, at
// registration (server, console, command line) and at delivery.
func (c Config) Outbound() egress.Policy {
	return egress.Policy{AllowPrivate: c.CallbackAllowPrivate, Ports: c.CallbackPorts}
}

// ports reads a comma-separated list of TCP ports (1-65535), sorted and
// without repeats.
func (r *envReader) ports(name string) []int {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(v, ",") {
		p = strings.TrimSpace(p)
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			r.fail(name, p, "must be a comma-separated list of ports from 1 to 65535, e.g. 8443,9443")
			continue
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
