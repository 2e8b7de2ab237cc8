package web

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// shellBlocks are the ```sh blocks of a Markdown file, in order.
var shellBlocks = regexp.MustCompile("(?s)```sh\n(.*?)```")

// TestQuickstartAsPrinted runs the shell blocks of docs/quickstart.md
// verbatim, one after another in one bash, against a server of its own with
// the demo client, and checks that they end with an account's transactions;
// then the same for the commands of the developer page (/docs), which fill
// in the server's address. Only bash, curl and jq are needed (`make test`
// installs jq when missing); OPENBANK_URL, OPENBANK_CLIENT_ID and
// OPENBANK_CLIENT_SECRET point the blocks at the server, as the document
// says.
func TestQuickstartAsPrinted(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed; `make test` installs it", tool)
		}
	}
	md, err := os.ReadFile(filepath.Join("..", "docs", "quickstart.md"))
	if err != nil {
		t.Fatal(err)
	}
	base, demo := startDocsServer(t)
	page := httpGet(t, base+"/docs", nil)
	tests := []struct {
		name   string
		blocks [][]byte
		html   bool // the blocks are HTML text
	}{
		{"docs/quickstart.md", submatches(shellBlocks, md), false},
		{"the developer page", submatches(pageCommands, page.body), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.blocks) < 5 {
				t.Fatalf("%d command blocks", len(tt.blocks))
			}
			var script strings.Builder
			script.WriteString("set -euo pipefail\n") // the first failing step fails the test
			for _, b := range tt.blocks {
				if tt.html {
					b = []byte(html.UnescapeString(string(b)))
				}
				script.Write(append(b, '\n'))
			}
			cmd := exec.CommandContext(t.Context(), "bash", "-c", script.String())
			cmd.Env = append(os.Environ(), "OPENBANK_URL="+base, "OPENBANK_CLIENT_ID="+demo.id, "OPENBANK_CLIENT_SECRET="+demo.secret)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("the quickstart failed: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
			}
			checkQuickstartEnd(t, stdout.String(), stderr.String())
		})
	}
}

// pageCommands are the copyable commands of a page.
var pageCommands = regexp.MustCompile(`(?s)<pre data-copy><code>(.*?)</code></pre>`)

// submatches are the first groups of re's matches in b.
func submatches(re *regexp.Regexp, b []byte) [][]byte {
	var out [][]byte
	for _, m := range re.FindAllSubmatch(b, -1) {
		out = append(out, m[1])
	}
	return out
}

// checkQuickstartEnd checks the output of the last step: a page of real
// transactions of the account the steps before found.
func checkQuickstartEnd(t *testing.T, stdout, stderr string) {
	t.Helper()
	account := regexp.MustCompile(`(?m)^account ([0-9]+)$`).FindStringSubmatch(stdout)
	at := strings.LastIndex(stdout, "\n{\n")
	if account == nil || at < 0 || stderr != "" {
		t.Fatalf("the quickstart did not end with an account's transactions:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	var page struct {
		HasMore           *bool `json:"hasMore"`
		LastTransactionID int   `json:"lastTransactionId"`
		First             *struct {
			TransactionID int         `json:"transactionId"`
			AccountID     json.Number `json:"accountId"`
			Amount        string      `json:"amount"`
			Description   string      `json:"description"`
		} `json:"first"`
	}
	if err := json.Unmarshal([]byte(stdout[at:]), &page); err != nil {
		t.Fatalf("the last step printed %q: %v", stdout[at:], err)
	}
	if page.HasMore == nil || page.LastTransactionID == 0 || page.First == nil || page.First.TransactionID == 0 ||
		page.First.AccountID.String() != account[1] || page.First.Amount == "" || page.First.Description == "" {
		t.Fatalf("the last step printed no transaction of account %s: %s", account[1], stdout[at:])
	}
}
