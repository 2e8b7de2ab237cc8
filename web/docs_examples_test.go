package web

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"openbank/oauth"
)

// TestSDKExamples runs each example program of sdk/go with go run against a
// server of its own and checks what it printed.
func TestSDKExamples(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	module, err := filepath.Abs(filepath.Join("..", "sdk", "go"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		example string
		want    []string
	}{
		{"connect", []string{"consent ok, fetch queued", "transactions, balance", "analytics of example-subject read through its link"}},
		{"widget", []string{"send the subject to http://"}},
		{"showcase", []string{"owned by client:demo-client", "relevance 5"}},
	}
	base, demo := startDocsServer(t)
	for _, tt := range tests {
		t.Run(tt.example, func(t *testing.T) {
			cmd := exec.CommandContext(t.Context(), "go", "run", "./examples/"+tt.example)
			cmd.Dir = module
			cmd.Env = append(os.Environ(), "OPENBANK_URL="+base, "OPENBANK_CLIENT_ID="+demo.id,
				"OPENBANK_CLIENT_SECRET="+demo.secret)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go run ./examples/%s: %v\n%s", tt.example, err, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the example printed %q, which lacks %q", out, w)
				}
			}
		})
	}
}

// startDocsServer serves a server on a fresh database with the demo client
// as `serve --demo` seeds it, and returns its base URL (also its
// PUBLIC_URL) and the client's credentials.
func startDocsServer(t *testing.T) (string, registered) {
	t.Helper()
	in := newInstance(t)
	demo := in.client(t, oauth.ClientSpec{ClientID: "demo-client", Secret: "demo-client-secret", Name: "Openbank demo",
		RedirectURIs: []string{in.base + "/docs/callback"}, ReturnOrigins: []string{in.base}, Products: oauth.Products})
	return in.base, demo
}

// TestSDKCallbackExample runs the callback example: the server's signed
// success callback of a fetch passes the library's verifier.
func TestSDKCallbackExample(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	in := newInstance(t)
	receiver := in.client(t, oauth.ClientSpec{ClientID: "callback-client", Secret: "callback-client-secret",
		Products: oauth.Products, CallbackSuccess: "http://" + addr + "/callbacks", CallbackFailure: "http://" + addr + "/callbacks"})
	cmd := exec.CommandContext(t.Context(), "go", "run", "./examples/callbacks")
	cmd.Dir = filepath.Join("..", "sdk", "go")
	cmd.Env = append(os.Environ(), "OPENBANK_URL="+in.base, "OPENBANK_CLIENT_ID="+receiver.id,
		"OPENBANK_CLIENT_SECRET="+receiver.secret, "OPENBANK_CALLBACK_ADDR="+addr)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "signature verified") {
		t.Fatalf("go run ./examples/callbacks: %v\n%s", err, out)
	}
}
