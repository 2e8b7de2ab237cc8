package oauth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"openbank/store"
)

// Rotate adds a key that signs from now on; the replaced key stays
// published until every token it signed has expired. Other instances pick
// the new key up when they first meet a token it signed, or within a minute.
func (ks *KeySet) Rotate(ctx context.Context) (string, error) {
	if _, err := ks.add(ctx, ks.now(), time.Time{}); err != nil {
		return "", err
	}
	if err := ks.Load(ctx); err != nil {
		return "", err
	}
	k, err := ks.active()
	return k.kid, err
}

// rotateOnSchedule adds the next key when the newest one is `every` old,
// publishing it prepublish ahead of its activation so that verifiers that
// cache the JWKS know it before it signs. Instances agree through the
// database: only one of them adds the key.
func (ks *KeySet) rotateOnSchedule(ctx context.Context, every, prepublish time.Duration) error {
	ks.mu.RLock()
	newest := ks.keys[0].activeFrom
	ks.mu.RUnlock()
	next := newest.Add(every)
	if every <= 0 || ks.now().Before(next.Add(-prepublish)) {
		return nil
	}
	added, err := ks.add(ctx, next, newest)
	if err != nil {
		return fmt.Errorf("oauth: scheduled key rotation: %w", err)
	}
	if added {
		slog.InfoContext(ctx, "signing key rotation scheduled", "active_from", next)
	}
	return ks.Load(ctx)
}

// prune deletes keys that no valid token can carry any more.
func (ks *KeySet) prune(ctx context.Context) error {
	ks.mu.RLock()
	var old []string
	for i := 1; i < len(ks.keys); i++ {
		if ks.keys[i-1].activeFrom.Before(ks.now().Add(-ks.keepAfter - time.Hour)) {
			old = append(old, ks.keys[i].kid)
		}
	}
	ks.mu.RUnlock()
	for _, kid := range old {
		if err := ks.db.DeleteSigningKey(ctx, kid); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return nil
}
