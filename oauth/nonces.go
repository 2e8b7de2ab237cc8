package oauth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"
)

// nonceWindow is how long a DPoP nonce is handed out; one stays valid for
// two windows, so that a nonce received just before a change still works.
const nonceWindow = 5 * time.Minute

// nonces makes and checks DPoP server nonces (RFC 9449 §8) without state:
// a nonce is a time window and its MAC under a key every instance shares
// (a stored setting), so a nonce from one instance is good on every other.
type nonces struct{ key []byte }

// loadNonces reads the shared key, creating it on the first start.
func loadNonces(ctx context.Context, s *Server) (nonces, error) {
	key, err := s.db.Setting(ctx, "dpop_nonce_key", func() ([]byte, error) {
		k := make([]byte, 32)
		_, err := rand.Read(k)
		return k, err
	})
	return nonces{key: key}, err
}

// at is the nonce handed out at t.
func (n nonces) at(t time.Time) string { return n.make(t.Unix() / int64(nonceWindow.Seconds())) }

func (n nonces) make(window int64) string {
	b := binary.BigEndian.AppendUint64(nil, uint64(window))
	m := hmac.New(sha256.New, n.key)
	m.Write(b)
	return base64.RawURLEncoding.EncodeToString(m.Sum(b)[:8+16])
}

// valid reports whether nonce was handed out in this window or the last.
func (n nonces) valid(nonce string, now time.Time) bool {
	w := now.Unix() / int64(nonceWindow.Seconds())
	return hmac.Equal([]byte(nonce), []byte(n.make(w))) || hmac.Equal([]byte(nonce), []byte(n.make(w-1)))
}
