package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/gorilla/sessions"
	"github.com/jmoiron/sqlx"

	"openbank/store"
)

// sessionKeySetting names the generated cookie key kept in the database
// when SESSION_KEYS is not configured.
const sessionKeySetting = "session_key"

// cookieKeys returns the configured session keys, newest first, or the
// one generated once and shared by every instance through the database.
func cookieKeys(ctx context.Context, cfg Config, db *sqlx.DB) ([][]byte, error) {
	if len(cfg.SessionKeys) > 0 {
		return cfg.SessionKeys, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	key, err := store.Setting(ctx, db, sessionKeySetting, func() ([]byte, error) {
		b := make([]byte, 64)
		_, err := rand.Read(b)
		return b, err
	})
	if err != nil {
		return nil, fmt.Errorf("web: session key: %w", err)
	}
	return [][]byte{key}, nil
}

// newCookieStore signs and encrypts cookies with each key; the first signs
// new cookies, the others are still read (rotation).
func newCookieStore(keys [][]byte) *sessions.CookieStore {
	pairs := make([][]byte, 0, 2*len(keys))
	for _, k := range keys {
		block := sha256.Sum256(append([]byte("openbank cookie encryption "), k...))
		pairs = append(pairs, k, block[:])
	}
	return sessions.NewCookieStore(pairs...)
}

// derivedKey is a key for one purpose derived from the newest cookie key.
func derivedKey(keys [][]byte, purpose string) []byte {
	sum := sha256.Sum256(append([]byte("openbank "+purpose+" "), keys[0]...))
	return sum[:]
}
