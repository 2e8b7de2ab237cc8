package sandbox

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// Certificates are the PEM files of a sandbox's own certificate
// authority: the server certificate of its listener and a client
// certificate for the connector (standing in for an eIDAS QWAC).
type Certificates struct {
	CA                    string
	ServerCert, ServerKey string
	ClientCert, ClientKey string
}

// GenerateCertificates writes a new authority, server and client
// certificate (valid for a year) under dir; hosts are the server's names
// and addresses.
func GenerateCertificates(dir string, hosts ...string) (Certificates, error) {
	files := Certificates{CA: filepath.Join(dir, "ca.pem"),
		ServerCert: filepath.Join(dir, "server.pem"), ServerKey: filepath.Join(dir, "server-key.pem"),
		ClientCert: filepath.Join(dir, "client.pem"), ClientKey: filepath.Join(dir, "client-key.pem")}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return files, err
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return files, err
	}
	ca := certTemplate("Openbank sandbox CA", 1)
	ca.IsCA, ca.BasicConstraintsValid, ca.KeyUsage = true, true, x509.KeyUsageCertSign
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		return files, err
	}
	if err := writePEM(files.CA, "CERTIFICATE", caDER); err != nil {
		return files, err
	}
	server := certTemplate("Openbank sandbox", 2)
	server.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			server.IPAddresses = append(server.IPAddresses, ip)
		} else {
			server.DNSNames = append(server.DNSNames, h)
		}
	}
	if err := issue(server, ca, caKey, files.ServerCert, files.ServerKey); err != nil {
		return files, err
	}
	client := certTemplate("Openbank TPP", 3)
	client.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
	return files, issue(client, ca, caKey, files.ClientCert, files.ClientKey)
}

func certTemplate(name string, serial int64) *x509.Certificate {
	now := time.Now()
	return &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name, Organization: []string{"Openbank"}},
		NotBefore: now.Add(-time.Hour), NotAfter: now.AddDate(1, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature}
}

// issue signs a certificate with the authority and writes it and its key.
func issue(cert, ca *x509.Certificate, caKey *ecdsa.PrivateKey, certFile, keyFile string) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	der, err := x509.CreateCertificate(rand.Reader, cert, ca, &key.PublicKey, caKey)
	if err != nil {
		return err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return err
	}
	if err := writePEM(certFile, "CERTIFICATE", der); err != nil {
		return err
	}
	return writePEM(keyFile, "PRIVATE KEY", keyDER)
}

func writePEM(file, kind string, der []byte) error {
	return os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600)
}

// TLSConfig is the sandbox listener's TLS: its server certificate, and
// client certificates checked against its authority when given (the
// API's routes refuse a request without one; the sign-in pages, for the
// subject's browser, need none).
func TLSConfig(files Certificates) (*tls.Config, error) {
	cert, err := tls.LoadX509KeyPair(files.ServerCert, files.ServerKey)
	if err != nil {
		return nil, fmt.Errorf("sandbox: server certificate: %w", err)
	}
	pemCA, err := os.ReadFile(files.CA)
	if err != nil {
		return nil, fmt.Errorf("sandbox: ca: %w", err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pemCA)
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{cert},
		ClientAuth: tls.VerifyClientCertIfGiven, ClientCAs: pool}, nil
}
