package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// thirdPartyDir holds oauth4webapi, pinned by its package-lock.json and
// installed by make test (npm ci).
const thirdPartyDir = "../tools/oauth4webapi"

// An independent client library, oauth4webapi (panva), completes the FAPI
// 2.0 flow of a client with the profile: PAR with private_key_jwt and DPoP,
// the authorization with the browser played here, the code exchanged for
// DPoP-bound tokens, an API call with a proof, a refresh, a revocation
// after which the API refuses the token.
func TestThirdPartyFAPI2Flow(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	if _, err := os.Stat(filepath.Join(thirdPartyDir, "node_modules", "oauth4webapi")); err != nil {
		t.Fatalf("oauth4webapi is not installed: run npm ci --prefix tools/oauth4webapi (make test does): %v", err)
	}
	in := newInstance(t)
	in.user(t, "thea", "thea-password")
	cl := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantAuthorizationCode, oauth.GrantRefreshToken}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "fapi_flow.mjs")
	cmd.Dir = thirdPartyDir
	cmd.Env = append(os.Environ(), "ISSUER="+in.base, "CLIENT_ID="+cl.id, "REDIRECT_URI=https://app.example.com/callback",
		"API_URL="+in.base+"/gateway/test/whoami")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewScanner(stdout)
	next := func(step string) map[string]any {
		t.Helper()
		var msg map[string]any
		if !out.Scan() || json.Unmarshal(out.Bytes(), &msg) != nil || msg["step"] != step {
			cmd.Wait()
			t.Fatalf("waiting for %s: %q\n%s", step, out.Text(), stderr.String())
		}
		return msg
	}
	keys, _ := json.Marshal(next("keys")["jwks"])
	err := in.registry().SetSecurity(ctx, store.ClientSecurity{ClientID: cl.id, Profile: oauth.ProfileFAPI2,
		AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: string(keys)})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "ok\n")
	to := authorize(t, browser(), in.base+redirected(t, next("authorize")["url"].(string)), "thea", "thea-password")
	io.WriteString(stdin, to.String()+"\n")
	done := next("done")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("oauth4webapi: %v\n%s", err, stderr.String())
	}
	want := map[string]any{"par_expires_in": 60.0, "token_type": "dpop", "refreshed_token_type": "dpop",
		"first_call": 200.0, "refreshed_call": 200.0, "after_revoke": 401.0}
	for k, v := range want {
		if done[k] != v {
			t.Errorf("%s = %v, want %v (all: %v)", k, done[k], v, done)
		}
	}
}

// redirected opens a pushed request's authorization URL and returns the
// path and query of the interaction it leads to.
func redirected(t *testing.T, authURL string) string {
	t.Helper()
	resp, err := browser().Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	i := strings.Index(loc, "/oauth2/authorize")
	if resp.StatusCode != http.StatusFound || i < 0 {
		t.Fatalf("authorize %s: %d %s", authURL, resp.StatusCode, loc)
	}
	return loc[i:]
}
