package oauth

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
)

type certificateKey struct{}

// WithClientCertificate returns ctx carrying the client certificate a
// trusted TLS terminator passed on (RFC 8705).
func WithClientCertificate(ctx context.Context, cert *x509.Certificate) context.Context {
	return context.WithValue(ctx, certificateKey{}, cert)
}

// ClientCertificate returns the client certificate of a request, or nil.
func ClientCertificate(ctx context.Context) *x509.Certificate {
	cert, _ := ctx.Value(certificateKey{}).(*x509.Certificate)
	return cert
}

// CertificateThumbprint is the x5t#S256 of a certificate (RFC 8705 §3.1);
// "" for none.
func CertificateThumbprint(cert *x509.Certificate) string {
	if cert == nil {
		return ""
	}
	d := sha256.Sum256(cert.Raw)
	return base64.RawURLEncoding.EncodeToString(d[:])
}

// checkCertificate authenticates a tls_client_auth client (RFC 8705
// §2.1): its certificate, which the terminator verified against its CAs,
// must name the registered subject and be valid now.
func (s *Server) checkCertificate(c Client, cert *x509.Certificate) *Error {
	now := s.now()
	switch {
	case !s.cfg.MutualTLS:
		return Errorf(ErrInvalidClient, "tls_client_auth is not enabled on this server")
	case cert == nil:
		return Errorf(ErrInvalidClient, "this client authenticates with its TLS client certificate (tls_client_auth), and none came")
	case now.Before(cert.NotBefore) || now.After(cert.NotAfter):
		return Errorf(ErrInvalidClient, "the client certificate is not valid now")
	case c.Security.TLSSubject == "" || cert.Subject.String() != c.Security.TLSSubject:
		return Errorf(ErrInvalidClient, "the client certificate's subject is not the one registered for this client")
	}
	return nil
}
