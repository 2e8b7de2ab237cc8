package sandbox

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"

	"openbank/banks/xs2a"
)

var signatureParam = regexp.MustCompile(`(\w+)="([^"]*)"`)

// verify checks a signed request: the Digest of its body, and the
// Signature over its headers by the key of TPP-Signature-Certificate.
func verify(r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return errors.New("unreadable body")
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if r.Header.Get("Digest") != xs2a.Digest(body) {
		return errors.New("the Digest does not match the body")
	}
	der, err := base64.StdEncoding.DecodeString(r.Header.Get("TPP-Signature-Certificate"))
	if err != nil {
		return errors.New("TPP-Signature-Certificate is missing or not base64")
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return errors.New("TPP-Signature-Certificate is not a certificate")
	}
	params := map[string]string{}
	for _, m := range signatureParam.FindAllStringSubmatch(r.Header.Get("Signature"), -1) {
		params[m[1]] = m[2]
	}
	names, input := xs2a.SigningInput(r.Header)
	if params["headers"] != strings.Join(names, " ") || !strings.Contains(params["headers"], "digest") {
		return errors.New("the Signature must cover digest, x-request-id and the other signed headers present")
	}
	sig, err := base64.StdEncoding.DecodeString(params["signature"])
	if err != nil {
		return errors.New("the Signature is not base64")
	}
	sum := sha256.Sum256([]byte(input))
	switch key := cert.PublicKey.(type) {
	case *rsa.PublicKey:
		err = rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], sig)
	case *ecdsa.PublicKey:
		if !ecdsa.VerifyASN1(key, sum[:], sig) {
			err = errors.New("bad signature")
		}
	default:
		err = errors.New("unsupported key")
	}
	if err != nil {
		return errors.New("the Signature does not verify")
	}
	return nil
}
