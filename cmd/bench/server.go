package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"time"
)

// launchServer starts `binary serve` on a free loopback address against
// dsn, with the bench's common settings and then env (a later setting of
// the same name wins), and waits until it is ready. Its output goes to
// logs.
func launchServer(binary, dsn string, logs io.Writer, env ...string) (*exec.Cmd, string, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "ADDR="+addr, "DATABASE_URL="+dsn, "PUBLIC_URL=http://"+addr,
		"SECRETS_KEY="+benchSecretsKey, "LOG_LEVEL=warn", "RATE_LIMIT_REQUESTS=1000000000",
		"METRICS_ADDR=off", "SHUTDOWN_DRAIN=0s")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	base := "http://" + addr
	if err := awaitReady(base); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, "", err
	}
	return cmd, base, nil
}

// freeAddr is a loopback address nothing listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	return ln.Addr().String(), ln.Close()
}

// awaitReady waits up to a minute for base to answer /readyz with 200.
func awaitReady(base string) error {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("server did not become ready at %s", base)
}
