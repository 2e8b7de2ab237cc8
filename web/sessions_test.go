package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// TestSessionCookieExpiresOnTheServer checks that a cookie past the
// session's lifetime is refused when it comes back, not only dropped by a
// well-behaved browser.
func TestSessionCookieExpiresOnTheServer(t *testing.T) {
	t.Parallel()
	keys := [][]byte{[]byte("a session key of the test, long enough")}
	cs := cookieStore(Config{PublicURL: &url.URL{Scheme: "http", Host: "localhost"}}, keys, 1)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	sess, err := cs.New(req, "s")
	if err != nil {
		t.Fatal(err)
	}
	sess.Values["user"] = "alice"
	if err := sess.Save(req, rec); err != nil {
		t.Fatal(err)
	}
	cookie := rec.Result().Cookies()[0]
	for _, tc := range []struct {
		name string
		wait time.Duration
		want bool
	}{
		{"fresh", 0, true},
		{"past its lifetime", 2100 * time.Millisecond, false},
	} {
		time.Sleep(tc.wait)
		back := httptest.NewRequest(http.MethodGet, "/", nil)
		back.AddCookie(cookie)
		got, err := cs.New(back, "s")
		if read := err == nil && got.Values["user"] == "alice"; read != tc.want {
			t.Errorf("%s: cookie read = %v (err %v), want %v", tc.name, read, err, tc.want)
		}
	}
}
