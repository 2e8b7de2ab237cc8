package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"net/http"

	"github.com/gorilla/sessions"

	"openbank/store"
)

// sessionLifetime is how long a browser stays signed in.
const sessionLifetime = 12 * 60 * 60

// sessionKeys returns SESSION_KEYS or, when unset, a key generated once and
// kept in the database (sealed with SECRETS_KEY, as every setting), so every
// instance reads every instance's cookies.
func sessionKeys(ctx context.Context, cfg Config, st *store.Store) ([][]byte, error) {
	if len(cfg.SessionKeys) > 0 {
		return cfg.SessionKeys, nil
	}
	k, err := st.Setting(ctx, "session_key", func() ([]byte, error) {
		b := make([]byte, 64)
		_, err := rand.Read(b)
		return b, err
	})
	if err != nil {
		return nil, fmt.Errorf("web: session key: %w", err)
	}
	return [][]byte{k}, nil
}

// newSessionStore builds the cookie store: each key yields a signing and an
// encryption key; the first signs, older keys still read cookies. A cookie
// is refused once it is older than sessionLifetime, whatever the browser
// keeps.
func newSessionStore(cfg Config, keys [][]byte) *sessions.CookieStore {
	return cookieStore(cfg, keys, sessionLifetime)
}

// cookieStore builds the cookie store with a lifetime in seconds, which
// the codecs enforce on every cookie they read.
func cookieStore(cfg Config, keys [][]byte, lifetime int) *sessions.CookieStore {
	var pairs [][]byte
	for _, k := range keys {
		pairs = append(pairs, derive(k, "sign"), derive(k, "encrypt"))
	}
	cs := sessions.NewCookieStore(pairs...)
	cs.Options = &sessions.Options{Path: "/", HttpOnly: true, Secure: cfg.SecureCookies(), SameSite: http.SameSiteLaxMode}
	cs.MaxAge(lifetime) // the codecs' limit too: by default they accept a cookie for 30 days
	return cs
}

// derive makes a 32-byte key for purpose from a configured key.
func derive(key []byte, purpose string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(purpose)) // a hash write never fails
	return m.Sum(nil)
}
