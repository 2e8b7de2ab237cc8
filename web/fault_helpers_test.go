package web

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/uuid"
)

// httpGet is a GET with the given headers, read in full.
func httpGet(t *testing.T, url string, header map[string]string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	a, err := send(http.DefaultClient, req)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// call is an aggregation API GET with a bearer token, read in full; the
// error is the transport's.
func call(client *http.Client, url, token string) (answer, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	req.Header.Set("X-Group-Id", "fault-test")
	return send(client, req)
}

func send(client *http.Client, req *http.Request) (answer, error) {
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, body}, err
}

func jsonInto(body []byte, v any) error { return json.Unmarshal(body, v) }

// faultSecretsKey is the SECRETS_KEY of the fault tests' instances.
const faultSecretsKey = "b3BlbmJhbmstZmF1bHQtdGVzdHMtc2VjcmV0cy1rZXk="

// process is a running server binary.
type process struct {
	cmd  *exec.Cmd
	base string
}

// buildBinary builds the server binary once per test.
func buildBinary(t *testing.T) string {
	t.Helper()
	binary := filepath.Join(t.TempDir(), "openbank")
	build := exec.Command("go", "build", "-o", binary, "openbank/cmd/openbank")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return binary
}

// startBinary starts the binary on dbURL at a fresh local address with
// publicURL as its issuer; env adds or overrides variables. It does not
// wait for the instance to be ready.
func startBinary(t *testing.T, binary, dbURL, publicURL string, env ...string) *process {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "ADDR="+addr, "PUBLIC_URL="+publicURL, "LOG_LEVEL=warn",
		"SECRETS_KEY="+faultSecretsKey, "METRICS_ADDR=off", "RATE_LIMIT_REQUESTS=0", "FETCH_LATENCY=0s", "SHUTDOWN_DRAIN=0s")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return &process{cmd: cmd, base: "http://" + addr}
}

// targetKey carries the balancer's chosen instance in a request context.
type targetKey struct{}

func contextWith(r *http.Request, target string) context.Context {
	return context.WithValue(r.Context(), targetKey{}, target)
}

func mustRequest(t *testing.T, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}
