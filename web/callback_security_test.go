package web

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
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"openbank/banks"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// operatorPKI is a CA and the operator's client certificate it signed,
// written to files as an operator would configure them.
type operatorPKI struct {
	pool              *x509.CertPool
	certFile, keyFile string
	rootsFile         string // the receivers' server certificate (httptest's)
}

func newOperatorPKI(t *testing.T) operatorPKI {
	t.Helper()
	dir := t.TempDir()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Client test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "Openbank callbacks"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalPKCS8PrivateKey(key)
	p := operatorPKI{pool: x509.NewCertPool(), certFile: filepath.Join(dir, "cert.pem"), keyFile: filepath.Join(dir, "key.pem"),
		rootsFile: filepath.Join(dir, "roots.pem")}
	p.pool.AddCert(ca)
	write := func(name, kind string, b []byte) {
		if err := os.WriteFile(name, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: b}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(p.certFile, "CERTIFICATE", der)
	write(p.keyFile, "PRIVATE KEY", keyDER)
	probe := httptest.NewTLSServer(http.NotFoundHandler()) // every httptest TLS server has this certificate
	write(p.rootsFile, "CERTIFICATE", probe.Certificate().Raw)
	probe.Close()
	return p
}

// secureReceiver is a client's callback endpoint and token endpoint on one
// TLS server, demanding the operator's client certificate when mtls is
// set and a bearer token of its own when oauth is.
type secureReceiver struct {
	*httptest.Server
	mtls, oauth bool

	mu        sync.Mutex
	issued    int    // tokens issued
	valid     string // the token the endpoint accepts
	delivered int
	refused   []string
}

func newSecureReceiver(t *testing.T, pki operatorPKI, mtls, oauth bool) *secureReceiver {
	r := &secureReceiver{mtls: mtls, oauth: oauth}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", r.token)
	mux.HandleFunc("POST /callbacks", r.callback)
	r.Server = httptest.NewUnstartedServer(mux)
	if mtls {
		r.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: pki.pool}
	}
	r.StartTLS()
	t.Cleanup(r.Close)
	return r
}

func (r *secureReceiver) token(w http.ResponseWriter, req *http.Request) {
	id, secret, _ := req.BasicAuth() // form-encoded first (RFC 6749 §2.3.1)
	id, _ = url.QueryUnescape(id)
	secret, _ = url.QueryUnescape(secret)
	if id != "openbank" || secret != "endpoint secret&1" || req.PostFormValue("grant_type") != "client_credentials" ||
		req.PostFormValue("scope") != "callbacks" {
		http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.issued++
	r.valid = fmt.Sprintf("token-%d", r.issued)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":3600}`, r.valid)
}

func (r *secureReceiver) callback(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.mtls && (req.TLS == nil || len(req.TLS.PeerCertificates) == 0 || req.TLS.PeerCertificates[0].Subject.CommonName != "Openbank callbacks") {
		r.refused = append(r.refused, "no client certificate")
		w.WriteHeader(http.StatusForbidden)
		return
	}
	if r.oauth && req.Header.Get("Authorization") != "Bearer "+r.valid {
		r.refused = append(r.refused, "bearer "+req.Header.Get("Authorization"))
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	r.delivered++
}

// revoke makes the endpoint refuse the token it issued last.
func (r *secureReceiver) revoke() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.valid = "revoked"
}

func (r *secureReceiver) counts() (issued, delivered int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.issued, r.delivered
}

// TestCallbacksAuthenticateAsTheClientAsks: receivers demanding mutual
// TLS, a bearer token from their own token endpoint, and both, get their
// callbacks; the token is cached and renewed once on a 401.
func TestCallbacksAuthenticateAsTheClientAsks(t *testing.T) {
	t.Parallel()
	pki := newOperatorPKI(t)
	env := map[string]string{"CALLBACK_TLS_CERT_FILE": pki.certFile, "CALLBACK_TLS_KEY_FILE": pki.keyFile,
		"CALLBACK_TLS_ROOTS_FILE": pki.rootsFile}
	r := &envReader{getenv: func(k string) string { return env[k] }}
	cc := r.callbacks()
	if len(r.errs) > 0 {
		t.Fatal(r.errs)
	}
	in := startInstance(t, storetest.NewURL(t), "", func(s *Server) { s.cfg.Callbacks = cc })
	tests := []struct {
		name        string
		mtls, oauth bool
	}{
		{"mutual TLS", true, false},
		{"OAuth bearer", false, true},
		{"mutual TLS and OAuth bearer", true, true},
	}
	for _, tt := range tests {
		rcv := newSecureReceiver(t, pki, tt.mtls, tt.oauth)
		a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks},
			CallbackSuccess: rcv.URL + "/callbacks?secret=s3cr3t"})
		sec := store.CallbackSecurity{ClientID: cl.id, MTLS: tt.mtls}
		if tt.oauth {
			sec.TokenURL, sec.TokenClientID, sec.TokenSecret, sec.TokenScope = rcv.URL+"/token", "openbank", []byte("endpoint secret&1"), "callbacks"
		}
		if err := in.Aggregation().SetCallbackSecurity(t.Context(), sec); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		connect := func(subject int, want int) {
			t.Helper()
			code, conn := a.call("POST", "/connections", map[string]any{"subjectId": subject, "provider": banks.EmbeddedScenario,
				"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
			if code != 201 {
				t.Fatalf("%s: connect %d %v", tt.name, code, conn)
			}
			waitFor(t, 30*time.Second, func() bool { _, d := rcv.counts(); return d >= want })
		}
		connect(1, 1)
		connect(2, 2)
		if issued, _ := rcv.counts(); tt.oauth && issued != 1 {
			t.Errorf("%s: %d tokens issued for two callbacks, want 1 (cached)", tt.name, issued)
		}
		if tt.oauth {
			rcv.revoke()
			connect(3, 3)
			if issued, _ := rcv.counts(); issued != 2 {
				t.Errorf("%s: %d tokens issued after a 401, want 2", tt.name, issued)
			}
			var failed int
			in.db.Get(&failed, `SELECT count(*) FROM callback_attempts a JOIN callbacks c ON c.id = a.callback_id
				WHERE c.client_id = $1 AND a.error IS NOT NULL`, cl.id)
			if failed != 0 {
				t.Errorf("%s: %d failed attempts; a 401 is retried within the attempt", tt.name, failed)
			}
		}
	}
}

// TestMutualTLSReceiverRefusesCallbacksWithoutTheCertificate: a client
// that did not ask for mutual TLS does not present the certificate, and
// a receiver demanding it gets no callback.
func TestMutualTLSReceiverRefusesCallbacksWithoutTheCertificate(t *testing.T) {
	t.Parallel()
	pki := newOperatorPKI(t)
	env := map[string]string{"CALLBACK_TLS_ROOTS_FILE": pki.rootsFile}
	r := &envReader{getenv: func(k string) string { return env[k] }}
	cc := r.callbacks()
	in := startInstance(t, storetest.NewURL(t), "", func(s *Server) { s.cfg.Callbacks = cc })
	rcv := newSecureReceiver(t, pki, true, false)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks}, CallbackSuccess: rcv.URL + "/callbacks"})
	err := in.Aggregation().SetCallbackSecurity(t.Context(), store.CallbackSecurity{ClientID: cl.id, MTLS: true})
	if err == nil || !strings.Contains(err.Error(), "CALLBACK_TLS_CERT_FILE") {
		t.Fatalf("mutual TLS without a certificate configured: %v", err)
	}
	a.call("POST", "/connections", map[string]any{"subjectId": 1, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	var reason string
	waitFor(t, 30*time.Second, func() bool {
		in.db.Get(&reason, `SELECT coalesce(a.error, '') FROM callback_attempts a JOIN callbacks c ON c.id = a.callback_id
			WHERE c.client_id = $1 ORDER BY a.attempted_at LIMIT 1`, cl.id)
		return reason != ""
	})
	if _, delivered := rcv.counts(); delivered != 0 || !strings.Contains(reason, "certificate") {
		t.Errorf("delivered %d, first attempt's error %q", delivered, reason)
	}
}

// TestCallbacksLeaveFromTheStatedSource: with CALLBACK_BIND_SOURCE the
// callbacks leave from the first of CALLBACK_SOURCE_ADDRESSES, the address
// a client's IP filter lets through.
func TestCallbacksLeaveFromTheStatedSource(t *testing.T) {
	t.Parallel()
	env := map[string]string{"CALLBACK_SOURCE_ADDRESSES": "127.0.0.2, 127.0.0.3", "CALLBACK_BIND_SOURCE": "true"}
	r := &envReader{getenv: func(k string) string { return env[k] }}
	cc := r.callbacks()
	if len(r.errs) > 0 || len(cc.Sources) != 2 {
		t.Fatal(r.errs, cc.Sources)
	}
	var mu sync.Mutex
	var from []string
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		host, _, _ := net.SplitHostPort(req.RemoteAddr)
		mu.Lock()
		defer mu.Unlock()
		from = append(from, host)
		if host != "127.0.0.2" {
			w.WriteHeader(http.StatusForbidden) // the client's IP filter
		}
	}))
	t.Cleanup(rcv.Close)
	in := startInstance(t, storetest.NewURL(t), "", func(s *Server) { s.cfg.Callbacks = cc })
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks}, CallbackSuccess: rcv.URL + "/callbacks"})
	a.call("POST", "/connections", map[string]any{"subjectId": 1, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	waitFor(t, 30*time.Second, func() bool { mu.Lock(); defer mu.Unlock(); return len(from) > 0 })
	mu.Lock()
	defer mu.Unlock()
	if from[0] != "127.0.0.2" {
		t.Errorf("the callback came from %v, want 127.0.0.2", from)
	}
}

func TestCallbackConfigRefusals(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"certificate without key", map[string]string{"CALLBACK_TLS_CERT_FILE": "/nonexistent"}, "go together"},
		{"unreadable pair", map[string]string{"CALLBACK_TLS_CERT_FILE": "/nonexistent", "CALLBACK_TLS_KEY_FILE": "/nonexistent"}, "cannot load"},
		{"bad roots", map[string]string{"CALLBACK_TLS_ROOTS_FILE": "/nonexistent"}, "PEM certificates"},
		{"bad address", map[string]string{"CALLBACK_SOURCE_ADDRESSES": "10.0.0.1, nowhere"}, "IP addresses"},
		{"binding without addresses", map[string]string{"CALLBACK_BIND_SOURCE": "true"}, "needs CALLBACK_SOURCE_ADDRESSES"},
	}
	for _, tt := range tests {
		r := &envReader{getenv: func(k string) string { return tt.env[k] }}
		r.callbacks()
		if len(r.errs) != 1 || !strings.Contains(r.errs[0].Error(), tt.want) {
			t.Errorf("%s: %v, want one error with %q", tt.name, r.errs, tt.want)
		}
	}
}
