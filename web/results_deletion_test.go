package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store/storetest"
)

// TestResultLinksEndWithTheirData: a result link stops working at once, on
// every instance, when the subject's connection is deleted and when the
// client itself is deleted, long before the link would expire.
func TestResultLinksEndWithTheirData(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	one := startInstance(t, dbURL, "")
	two := startInstanceEnv(t, dbURL, "", banksOf(one))
	a, cl := newAggClient(t, one, oauth.ClientSpec{Products: []string{oauth.ProductInsight, oauth.ProductPDF}})
	conn := connectSubject(t, a, "s-1", "user")
	connectSubject(t, a, "s-2", "user")
	links := func(subject string) []string {
		var out []string
		for _, path := range []string{"/analytics", "/reports", "/reports?format=pdf"} {
			r := a.get("v3.12.0", "/subjects/"+subject+path, map[string]string{"Prefer": "respond-async"})
			link := linkOf(t, r, time.Now())
			out = append(out, link, strings.Replace(link, one.base, two.base, 1))
		}
		return out
	}
	expect := func(stage string, links []string, want int) {
		t.Helper()
		for _, link := range links {
			if got := follow(t, link); got.code != want {
				t.Fatalf("%s: %s answers %d %.200s, want %d", stage, link, got.code, got.body, want)
			}
		}
	}
	first, second := links("s-1"), links("s-2")
	expect("before any deletion", append(first, second...), http.StatusOK)

	if code, body := a.call("DELETE", fmt.Sprintf("/connections/%v", conn["id"]), nil); code != http.StatusNoContent {
		t.Fatalf("delete connection: %d %v", code, body)
	}
	expect("after the connection was deleted", first, http.StatusGone)
	expect("another subject's links", second, http.StatusOK)

	if err := one.registry().DeleteClient(t.Context(), cl.id); err != nil {
		t.Fatal(err)
	}
	expect("after the client was deleted", second, http.StatusGone)
	var left int
	if err := one.db.Get(&left, `SELECT count(*) FROM results WHERE client_id = $1`, cl.id); err != nil || left != 0 {
		t.Fatalf("%d results of the deleted client left (%v)", left, err)
	}
}
