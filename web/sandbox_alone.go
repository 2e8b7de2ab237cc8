package web

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/mockbank"
	"openbank/handlers/page"
	"openbank/static"
)

// ServeSandbox serves the mock banks as a Berlin Group sandbox on
// cfg.SandboxAddr in a process of its own, their sign-in pages and their
// app on the same listener (a browser needs no certificate for them), and
// writes the directory file DATA_DIR/sandbox/banks.json that another
// server's BANK_DIRECTORY names. The bank then runs apart from the server, as a
// real one would: `openbank sandbox`. It returns when ctx ends.
func ServeSandbox(ctx context.Context, cfg Config) error {
	if cfg.SandboxAddr == "" {
		return errors.New("SANDBOX_ADDR is off: set it to the address to serve the sandbox on")
	}
	l, err := listenSandbox(cfg)
	if err != nil {
		return err
	}
	dir, host, ln := l.dir, l.host, l.ln
	pages := page.Renderer{Assets: static.New()}
	base := "https://" + net.JoinHostPort(host, portOf(ln.Addr()))
	aspsp := sandbox.New(sandbox.Options{SlowFetch: cfg.SlowFetch, Behaviour: sandbox.Behaviour{PageSize: sandboxPageSize},
		StateFile: filepath.Join(dir, "consents.json"), Page: mockbank.SandboxPage(pages), PageBase: base + sandboxAlonePages})
	h, err := sandboxAloneHandler(cfg, aspsp, pages, base)
	if err != nil {
		_ = ln.Close()
		return err
	}
	srv := newHTTPServer(ctx, h)
	srv.TLSConfig = l.tls
	served := make(chan error, 1)
	go func() { served <- srv.ServeTLS(ln, "", "") }()
	if _, err := writeSandboxDirectory(dir, base, base, l.certs); err != nil {
		_ = srv.Close()
		return err
	}
	slog.Info("serving the mock banks as a Berlin Group sandbox", "addr", ln.Addr().String(), "directory", filepath.Join(dir, "banks.json"))
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = srv.Shutdown(stop)
	aspsp.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
