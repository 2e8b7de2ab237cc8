package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"openbank/web"
)

// TestClientCommandsRefuseInternalCallbackURLs runs client create and
// update with callback URLs inside the network, with credentials or with a
// port the operator did not list: each is refused with its reason before
// the database is opened.
func TestClientCommandsRefuseInternalCallbackURLs(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"client", "create", "--name", "n", "--callback-success", "http://169.254.169.254/latest/meta-data"}, "169.254.169.254 is link-local"},
		{[]string{"client", "create", "--name", "n", "--callback-failure", "https://2130706433/cb"}, "127.0.0.1 is loopback"},
		{[]string{"client", "create", "--name", "n", "--callback-success", "https://0177.0.0.1/cb"}, "127.0.0.1 is loopback"},
		{[]string{"client", "create", "--name", "n", "--callback-success", "https://[::ffff:127.0.0.1]/cb"}, "IPv4-mapped"},
		{[]string{"client", "update", "--client-id", "c", "--callback-success", "https://[::1]:8443/cb"}, "::1 is loopback"},
		{[]string{"client", "update", "--client-id", "c", "--callback-failure", "https://localhost/cb"}, "local network"},
		{[]string{"client", "update", "--client-id", "c", "--callback-success", "https://10.0.0.8/cb"}, "private"},
		{[]string{"client", "update", "--client-id", "c", "--callback-success", "http://hooks.example.com/cb"}, "use https"},
		{[]string{"client", "create", "--name", "n", "--callback-success", "https://user:pass@hooks.example.com/cb"}, "credentials in the URL"},
		{[]string{"client", "update", "--client-id", "c", "--callback-failure", "https://hooks.example.com:22/cb"}, "port 22 is not allowed"},
	}
	for _, tt := range tests {
		err := run(context.Background(), tt.args, func(string) string { return "" }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "--callback-") {
			t.Errorf("%v: %v, want a refusal naming %q", tt.args[len(tt.args)-1], err, tt.want)
		}
	}
}

// TestCallbackRefusalNamesTheSetting checks that a callback URL refused for
// an address that CALLBACK_ALLOW_PRIVATE allows names that setting (the
// command reads its own environment, not that of a running serve --demo),
// that one the setting would not lift does not, and that with the setting
// the loopback URL passes the check.
func TestCallbackRefusalNamesTheSetting(t *testing.T) {
	tests := []struct {
		url, allow string
		hint       bool
	}{
		{"http://127.0.0.1:9000/callbacks", "", true},
		{"http://localhost:9000/callbacks", "", true},
		{"ftp://127.0.0.1/callbacks", "", false},
		{"http://127.0.0.1:9000/callbacks", "true", false},
	}
	for _, tt := range tests {
		getenv := func(k string) string {
			if k == "CALLBACK_ALLOW_PRIVATE" {
				return tt.allow
			}
			return ""
		}
		cfg, err := web.LoadConfig(getenv)
		if err != nil {
			t.Fatal(err)
		}
		err = checkCallbackURLs(context.Background(), cfg, tt.url, "")
		named := err != nil && strings.Contains(err.Error(), "CALLBACK_ALLOW_PRIVATE=true")
		if named != tt.hint || (tt.allow == "true") != (err == nil) {
			t.Errorf("%s with CALLBACK_ALLOW_PRIVATE=%q: %v; want the setting named: %v", tt.url, tt.allow, err, tt.hint)
		}
	}
}
