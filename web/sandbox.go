package web

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/mockbank"
)

// sandboxPageSize is how many transactions a page of the sandbox holds,
// as a real bank's pages would: the "large" test user's history takes
// some twenty pages.
const sandboxPageSize = 500

// startSandbox serves the mock banks as Berlin Group ASPSPs on
// SandboxAddr, behind mutual TLS with certificates of the sandbox's own
// authority (kept under DataDir/sandbox), and registers them through a
// directory file written there: the seven mock banks are then reached
// over HTTP through the connector, with the SCA approach of each (redirect
// or embedded; the sandbox also offers decoupled, which a directory that
// lists it first gets). The redirect banks' sign-in pages and the banks'
// app are served by this server under /sandbox/.
func (s *Server) startSandbox() error {
	if s.cfg.SandboxAddr == "" {
		return nil
	}
	l, err := listenSandbox(s.cfg)
	if err != nil {
		return err
	}
	dir, host, certs, ln := l.dir, l.host, l.certs, l.ln
	s.sandbox = sandbox.New(sandbox.Options{Now: s.clock, SlowFetch: s.cfg.SlowFetch, Behaviour: sandbox.Behaviour{PageSize: sandboxPageSize},
		StateFile: filepath.Join(dir, "consents.json"), PageBase: s.cfg.PublicURL.String() + "/sandbox", Page: mockbank.SandboxPage(s.pages)})
	srv := newHTTPServer(context.Background(), s.sandbox.Handler())
	srv.TLSConfig = l.tls
	s.sandboxServer = srv
	go func() {
		if err := srv.ServeTLS(ln, "", ""); !errors.Is(err, http.ErrServerClosed) {
			slog.Error("sandbox listener failed", "error", err)
		}
	}()
	base := "https://" + net.JoinHostPort(host, portOf(ln.Addr()))
	list, err := writeSandboxDirectory(dir, base, s.cfg.PublicURL.String()+"/sandbox", certs)
	if err != nil {
		return err
	}
	slog.Info("serving the mock banks as a Berlin Group sandbox", "addr", ln.Addr().String(), "directory", filepath.Join(dir, "banks.json"))
	s.cfg.Banks = append(s.cfg.Banks, list...)
	return nil
}

// sandboxListener is the sandbox's mutual-TLS listener on SandboxAddr,
// with its certificates under dir and the host its directory names.
type sandboxListener struct {
	dir, host string
	certs     sandbox.Certificates
	tls       *tls.Config
	ln        net.Listener
}

// listenSandbox reuses or makes the sandbox's certificates under
// DataDir/sandbox and listens on SandboxAddr.
func listenSandbox(cfg Config) (sandboxListener, error) {
	l := sandboxListener{dir: filepath.Join(cfg.DataDir, "sandbox")}
	l.host, _, _ = net.SplitHostPort(cfg.SandboxAddr)
	if l.host == "" || l.host == "0.0.0.0" || l.host == "::" {
		l.host = "127.0.0.1"
	}
	var err error
	if l.certs, err = sandboxCertificates(l.dir, l.host); err != nil {
		return l, fmt.Errorf("web: sandbox certificates: %w", err)
	}
	if l.tls, err = sandbox.TLSConfig(l.certs); err != nil {
		return l, err
	}
	if l.ln, err = net.Listen("tcp", cfg.SandboxAddr); err != nil {
		return l, fmt.Errorf("listen on SANDBOX_ADDR=%s: %w (set SANDBOX_ADDR to another address, or to off)", cfg.SandboxAddr, err)
	}
	return l, nil
}

// sandboxCertificates reuses the sandbox's certificates, or makes them.
func sandboxCertificates(dir, host string) (sandbox.Certificates, error) {
	certs := sandbox.Certificates{CA: filepath.Join(dir, "ca.pem"), ServerCert: filepath.Join(dir, "server.pem"),
		ServerKey: filepath.Join(dir, "server-key.pem"), ClientCert: filepath.Join(dir, "client.pem"), ClientKey: filepath.Join(dir, "client-key.pem")}
	if _, err := sandbox.TLSConfig(certs); err == nil {
		return certs, nil
	}
	return sandbox.GenerateCertificates(dir, host, "localhost")
}

// sandboxHistoryDays is how far back the fetch right after SCA reads from
// a sandbox bank: further than any mock history goes (they open in the
// autumn of 2024), so that the first fetch stores the whole history, as
// from the mock bank in-process, and not only the connector's default 730
// days.
const sandboxHistoryDays = 3650

// writeSandboxDirectory writes the sandbox banks' directory file and
// loads it as an operator's would be: one entry per mock bank, under its
// own code, with its SCA approaches (its own, then decoupled, which the
// sandbox also offers) and its app under appBase, in the test
// environment, the whole history read by the first fetch.
func writeSandboxDirectory(dir, base, appBase string, certs sandbox.Certificates) ([]xs2a.Bank, error) {
	var d xs2a.Directory
	for _, p := range banks.MockBanks(banks.Options{}) {
		info := p.Info()
		approaches := []string{xs2a.Redirect, xs2a.Decoupled}
		if info.SCA == banks.SCAEmbedded {
			approaches = []string{xs2a.Embedded, xs2a.Decoupled}
		}
		d.Banks = append(d.Banks, xs2a.Bank{Code: info.Code, Name: info.Name, Country: info.Country, Logo: info.LogoSVG,
			BaseURL: base + "/" + info.Code, Standard: "berlin-group", Version: "1.3.11", SCAApproaches: approaches,
			Certificate: certs.ClientCert, Key: certs.ClientKey, CA: certs.CA, Environment: banks.Test,
			Quirks: xs2a.Quirks{OrderedTransactionIDs: true, SeedAsPSUID: true, HistoryDays: sandboxHistoryDays},
			AppURL: appBase + "/" + info.Code + "/app"})
	}
	raw, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "banks.json")
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		return nil, err
	}
	return xs2a.LoadDirectory(file)
}

func portOf(a net.Addr) string {
	_, port, _ := net.SplitHostPort(a.String())
	return port
}

// closeSandbox stops the sandbox's listener and writes its state.
func (s *Server) closeSandbox() {
	if s.sandboxServer != nil {
		if err := s.sandboxServer.Close(); err != nil {
			slog.Warn("closing the sandbox listener", "error", err)
		}
	}
	if s.sandbox != nil {
		s.sandbox.Close()
	}
}
