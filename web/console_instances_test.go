package web

import (
	"net/http"
	"slices"
	"testing"

	"github.com/lib/pq"

	"openbank/console"
	"openbank/store/storetest"
)

// TestConsoleSignInOnInstancesWithDifferentPublicURLs: two instances with
// different PUBLIC_URLs on one database each keep their console redirect
// URI, so an admin signs in on either, whichever started last.
func TestConsoleSignInOnInstancesWithDifferentPublicURLs(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	one := startInstance(t, dbURL, "")
	two := startInstance(t, dbURL, "")
	one.consoleUser(t, "root", "root-password", true)
	for _, in := range []*instance{one, two, one} {
		resp := consoleSignIn(t, in, browser(), "root", "root-password")
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/admin/" {
			t.Fatalf("sign-in on %s: %d %s", in.base, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	var uris pq.StringArray
	if err := one.db.Get(&uris, `SELECT redirect_uris FROM oauth_clients WHERE client_id = $1`, console.ConsoleClientID); err != nil {
		t.Fatal(err)
	}
	slices.Sort(uris)
	want := []string{one.base + "/admin/callback", two.base + "/admin/callback"}
	slices.Sort(want)
	if !slices.Equal(uris, want) {
		t.Fatalf("console redirect URIs %v, want %v", uris, want)
	}
}
