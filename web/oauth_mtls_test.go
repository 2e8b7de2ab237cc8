package web

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// certificateHeader is the header the tests' terminator passes
// certificates in.
const certificateHeader = "X-SSL-Client-Cert"

// escapedCertificate makes a self-signed certificate for subject and
// returns it as nginx's $ssl_client_escaped_cert passes it.
func escapedCertificate(t *testing.T, cn string) (string, pkix.Name) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	subject := pkix.Name{CommonName: cn, Organization: []string{"Fintech Ltd"}}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: subject,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return url.PathEscape(string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))), subject
}

// A tls_client_auth client authenticates with the certificate its TLS
// terminator passes on, and its tokens are bound to that certificate.
func TestMutualTLSClientAuthAndBoundTokens(t *testing.T) {
	t.Parallel()
	in := startBehindProxy(t, map[string]string{"CLIENT_CERT_HEADER": certificateHeader})
	cert, subject := escapedCertificate(t, "fintech-client")
	other, _ := escapedCertificate(t, "someone-else")
	cl := in.client(t, oauth.ClientSpec{})
	err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id,
		AuthMethod: oauth.AuthTLSClient, TLSSubject: subject.String()})
	if err != nil {
		t.Fatal(err)
	}
	token := func(cert string) (int, map[string]any) {
		req, _ := http.NewRequest(http.MethodPost, in.base+"/oauth2/token",
			strings.NewReader(url.Values{"grant_type": {"client_credentials"}, "client_id": {cl.id}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if cert != "" {
			req.Header.Set(certificateHeader, cert)
		}
		status, body, _ := do(t, req)
		return status, body
	}
	for name, c := range map[string]string{"no certificate": "", "another subject": other, "not a certificate": "abc"} {
		if status, body := token(c); status != http.StatusUnauthorized {
			t.Errorf("%s: %d %v", name, status, body)
		}
	}
	status, body := token(cert)
	if status != http.StatusOK || body["token_type"] != "Bearer" {
		t.Fatalf("token: %d %v", status, body)
	}
	at := body["access_token"].(string)
	api := func(cert string) int {
		req, _ := http.NewRequest(http.MethodGet, in.base+"/gateway/v1.1.0/showcases", nil)
		req.Header.Set("Authorization", "Bearer "+at)
		if cert != "" {
			req.Header.Set(certificateHeader, cert)
		}
		status, _, _ := do(t, req)
		return status
	}
	if got := api(cert); got != http.StatusOK {
		t.Errorf("API call with the certificate: %d", got)
	}
	if got := api(""); got != http.StatusUnauthorized {
		t.Errorf("API call without the certificate: %d", got)
	}
	if got := api(other); got != http.StatusUnauthorized {
		t.Errorf("API call with another certificate: %d", got)
	}
	meta, err := http.Get(in.base + "/.well-known/oauth-authorization-server")
	if err != nil {
		t.Fatal(err)
	}
	defer meta.Body.Close()
	var doc map[string]any
	json.NewDecoder(meta.Body).Decode(&doc)
	if doc["tls_client_certificate_bound_access_tokens"] != true {
		t.Errorf("discovery: %v", doc)
	}
	for _, list := range []string{"token_endpoint_auth_methods_supported", "revocation_endpoint_auth_methods_supported", "introspection_endpoint_auth_methods_supported"} {
		if !strings.Contains(fmt.Sprint(doc[list]), "tls_client_auth") {
			t.Errorf("discovery %s: %v", list, doc[list])
		}
	}
}

// The certificate header is believed from the trusted terminator only.
func TestCertificateHeaderOnlyFromTheTerminator(t *testing.T) {
	cc, err := newClientCertificates(certificateHeader, []string{"10.0.0.0/8", "192.168.1.1"})
	if err != nil {
		t.Fatal(err)
	}
	for remote, want := range map[string]bool{"10.1.2.3:443": true, "192.168.1.1:5000": true, "192.168.1.2:5000": false,
		"203.0.113.9:1234": false, "[::ffff:10.0.0.1]:80": true, "garbage": false} {
		if got := cc.fromTerminator(remote); got != want {
			t.Errorf("fromTerminator(%q) = %v", remote, got)
		}
	}
}
