package widget

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gorilla/sessions"
)

func TestCheckedSessionsReuseAndBound(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		name   string
		others int           // other cookies checked at start, after "value"
		later  time.Duration // when "value" is looked up
		want   bool
	}{
		{name: "at once", want: true},
		{name: "just within the reuse", later: sessionReuse - time.Second, want: true},
		{name: "at the end of the reuse", later: sessionReuse},
		{name: "a clock gone back", later: -time.Second},
		{name: "a full cache starts over", others: maxRememberedSessions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var c checkedSessions
			c.put("value", 7, start)
			for i := range tt.others {
				c.put(string(rune(i))+"other", 8, start)
			}
			id, ok := c.get("value", start.Add(tt.later))
			if ok != tt.want || (ok && id != 7) {
				t.Fatalf("get: %d, %v; want %v", id, ok, tt.want)
			}
			if len(c.entries) > maxRememberedSessions {
				t.Fatalf("%d sessions remembered, more than %d", len(c.entries), maxRememberedSessions)
			}
		})
	}
}

// countingStore counts the cookies its store decodes.
type countingStore struct {
	*sessions.CookieStore
	decoded int
}

func (s *countingStore) Get(r *http.Request, name string) (*sessions.Session, error) {
	s.decoded++
	return s.New(r, name)
}

func TestSessionIsDecodedOncePerReuse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		values  map[any]any
		decoded int // of three requests
	}{
		{name: "only its widget", values: map[any]any{"w": int64(7)}, decoded: 1},
		{name: "a pending sign-in", values: map[any]any{"w": int64(7), "pending": int64(3), "u": "user"}, decoded: 3},
		{name: "no widget", values: map[any]any{"x": "y"}, decoded: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			store := &countingStore{CookieStore: sessions.NewCookieStore([]byte("0123456789abcdef0123456789abcdef"))}
			h := &Handler{cookies: store, checked: &checkedSessions{}, now: time.Now}
			cookie := sessionCookie(t, store, tt.values)
			for range 3 {
				r := httptest.NewRequest(http.MethodGet, "/widget/w/7/banks", nil)
				r.AddCookie(cookie)
				s, err := h.session(r)
				if err != nil || s.IsNew || s.Values["w"] != tt.values["w"] {
					t.Fatalf("session: %v, %v (new %v)", s.Values, err, s.IsNew)
				}
			}
			if store.decoded != tt.decoded {
				t.Fatalf("the cookie was decoded %d times, want %d", store.decoded, tt.decoded)
			}
		})
	}
}

func TestForgedSessionIsNeverRemembered(t *testing.T) {
	t.Parallel()
	store := &countingStore{CookieStore: sessions.NewCookieStore([]byte("0123456789abcdef0123456789abcdef"))}
	h := &Handler{cookies: store, checked: &checkedSessions{}, now: time.Now}
	cookie := sessionCookie(t, store, map[any]any{"w": int64(7)})
	cookie.Value = cookie.Value[:len(cookie.Value)-2] + "AA"
	for range 2 {
		r := httptest.NewRequest(http.MethodGet, "/widget/w/7/banks", nil)
		r.AddCookie(cookie)
		if s, err := h.session(r); err == nil || s.Values["w"] != nil {
			t.Fatalf("a forged cookie was accepted: %v", s.Values)
		}
	}
	if len(h.checked.entries) != 0 {
		t.Fatal("a forged cookie was remembered")
	}
}

// sessionCookie is the widget session cookie holding values, as store writes it.
func sessionCookie(t *testing.T, store sessions.Store, values map[any]any) *http.Cookie {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	s := sessions.NewSession(store, cookieName)
	s.Values = values
	rec := httptest.NewRecorder()
	if err := store.Save(r, rec, s); err != nil {
		t.Fatal(err)
	}
	return rec.Result().Cookies()[0]
}
