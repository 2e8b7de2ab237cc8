package xs2a

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// signer signs requests as the NextGenPSD2 implementation guidelines ask
// (draft-cavage-http-signatures-10 with a Digest header): the signed
// headers are digest, x-request-id, date and, when present, psu-id,
// psu-corporate-id and tpp-redirect-uri.
type signer struct {
	key   crypto.Signer
	cert  *x509.Certificate
	keyID string
	algo  string
}

// loadSigner reads the signing certificate and key (PEM files).
func loadSigner(certFile, keyFile string) (*signer, error) {
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	return newSigner(pair)
}

func newSigner(pair tls.Certificate) (*signer, error) {
	cert, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, err
	}
	s := &signer{cert: cert, keyID: fmt.Sprintf("SN=%X,CA=%s", cert.SerialNumber, cert.Issuer.String())}
	switch k := pair.PrivateKey.(type) {
	case *rsa.PrivateKey:
		s.key, s.algo = k, "rsa-sha256"
	case *ecdsa.PrivateKey:
		s.key, s.algo = k, "ecdsa-sha256"
	default:
		return nil, errors.New("the signing key must be RSA or ECDSA")
	}
	return s, nil
}

// signedHeaders are the headers a signature covers when present.
var signedHeaders = []string{"digest", "x-request-id", "date", "psu-id", "psu-corporate-id", "tpp-redirect-uri"}

// sign adds Date, Digest, Signature and TPP-Signature-Certificate.
func (s *signer) sign(h http.Header, body []byte, now time.Time) {
	h.Set("Date", now.UTC().Format(http.TimeFormat))
	h.Set("Digest", Digest(body))
	names, input := SigningInput(h)
	sum := sha256.Sum256([]byte(input))
	sig, err := s.key.Sign(rand.Reader, sum[:], crypto.SHA256)
	if err != nil {
		return // a key that cannot sign leaves the request unsigned; the bank refuses it
	}
	h.Set("Signature", fmt.Sprintf(`keyId="%s",algorithm="%s",headers="%s",signature="%s"`,
		s.keyID, s.algo, strings.Join(names, " "), base64.StdEncoding.EncodeToString(sig)))
	h.Set("TPP-Signature-Certificate", base64.StdEncoding.EncodeToString(s.cert.Raw))
}

// Digest is the Digest header of a body.
func Digest(body []byte) string {
	sum := sha256.Sum256(body)
	return "SHA-256=" + base64.StdEncoding.EncodeToString(sum[:])
}

// SigningInput is the signed headers present in h, and the text signed.
func SigningInput(h http.Header) ([]string, string) {
	var names, lines []string
	for _, name := range signedHeaders {
		if v := h.Get(name); v != "" {
			names = append(names, name)
			lines = append(lines, name+": "+v)
		}
	}
	return names, strings.Join(lines, "\n")
}
