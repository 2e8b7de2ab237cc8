package widget

import (
	"crypto/sha256"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/sessions"
)

// Checking a session cookie (a MAC, a decryption and a gob decoding) costs
// a page more than everything else it does. A cookie that held nothing but
// its widget when it was checked is trusted again for sessionReuse by the
// SHA-256 digest of its value: the same bytes were verified a moment ago.
// A session holding anything more (the embedded bank's pending sign-in) is
// checked every time and never kept in memory.
const (
	sessionReuse          = time.Minute
	maxRememberedSessions = 10_000
)

// checkedSessions remembers, by cookie digest, the widget of each session
// cookie checked within sessionReuse.
type checkedSessions struct {
	mu      sync.Mutex
	entries map[[sha256.Size]byte]checkedSession
}

type checkedSession struct {
	widgetID  int64
	checkedAt time.Time
}

// get returns the widget of a cookie value checked within sessionReuse of now.
func (c *checkedSessions) get(value string, now time.Time) (int64, bool) {
	d := sha256.Sum256([]byte(value))
	c.mu.Lock()
	e, ok := c.entries[d]
	c.mu.Unlock()
	if !ok || now.Sub(e.checkedAt) >= sessionReuse || now.Before(e.checkedAt) {
		return 0, false
	}
	return e.widgetID, true
}

// put remembers that value was checked at now and holds widgetID; a full
// cache first forgets the entries past their reuse, or all when none are.
func (c *checkedSessions) put(value string, widgetID int64, now time.Time) {
	d := sha256.Sum256([]byte(value))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[[sha256.Size]byte]checkedSession)
	}
	if len(c.entries) >= maxRememberedSessions {
		for k, e := range c.entries {
			if now.Sub(e.checkedAt) >= sessionReuse || now.Before(e.checkedAt) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxRememberedSessions {
			clear(c.entries)
		}
	}
	c.entries[d] = checkedSession{widgetID: widgetID, checkedAt: now}
}

// session returns the request's widget session: from memory for a cookie
// checked within sessionReuse that held only its widget, otherwise decoded
// and checked by the cookie store (an error when the cookie is not valid).
func (h *Handler) session(r *http.Request) (*sessions.Session, error) {
	cookie, err := r.Cookie(cookieName)
	if err == nil {
		if id, ok := h.checked.get(cookie.Value, h.now()); ok {
			s := sessions.NewSession(h.cookies, cookieName)
			s.Values["w"] = id
			s.IsNew = false
			return s, nil
		}
	}
	s, err := h.cookies.Get(r, cookieName)
	if id, ok := s.Values["w"].(int64); err == nil && ok && len(s.Values) == 1 && cookie != nil {
		h.checked.put(cookie.Value, id, h.now())
	}
	return s, err
}
