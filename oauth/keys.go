package oauth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"fmt"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"

	"openbank/store"
)

// signingKey is a loaded key with its two signers (access and ID tokens).
type signingKey struct {
	kid        string
	activeFrom time.Time
	public     jose.JSONWebKey
	access, id jose.Signer
}

// KeySet holds the signing keys of the database in memory: the active one
// signs, every key a valid token may carry is published and verifies. The
// store keeps the private keys sealed with SECRETS_KEY and hands them over
// opened.
type KeySet struct {
	db        *store.Store
	now       func() time.Time
	keepAfter time.Duration // how long a replaced key still verifies
	mu        sync.RWMutex
	keys      []signingKey // newest activation first
	loadedAt  time.Time
}

// NewKeySet loads the keys, creating the first one when there is none.
func NewKeySet(ctx context.Context, db *store.Store, now func() time.Time, keepAfter time.Duration) (*KeySet, error) {
	ks := &KeySet{db: db, now: now, keepAfter: keepAfter}
	if _, err := ks.add(ctx, now(), time.Unix(0, 0)); err != nil {
		return nil, err
	}
	return ks, ks.Load(ctx)
}

// Load reads the keys from the database.
func (ks *KeySet) Load(ctx context.Context) error {
	rows, err := ks.db.ListSigningKeys(ctx)
	if err != nil {
		return err
	}
	keys := make([]signingKey, 0, len(rows))
	for _, r := range rows {
		k, err := parseSigningKey(r)
		if err != nil {
			return err
		}
		keys = append(keys, k)
	}
	ks.mu.Lock()
	ks.keys, ks.loadedAt = keys, ks.now()
	ks.mu.Unlock()
	return nil
}

// add stores a new ES256 key active from activeFrom, unless a key activated
// after notAfter exists; it reports whether it stored one.
func (ks *KeySet) add(ctx context.Context, activeFrom, notAfter time.Time) (bool, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return false, fmt.Errorf("oauth: generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return false, fmt.Errorf("oauth: encode key: %w", err)
	}
	k := store.SigningKey{Kid: NewSecret(12), Algorithm: string(jose.ES256), PrivateKey: der, ActiveFrom: activeFrom.Truncate(time.Microsecond)}
	return ks.db.AddSigningKey(ctx, k, notAfter)
}

func parseSigningKey(r store.SigningKey) (signingKey, error) {
	priv, err := x509.ParsePKCS8PrivateKey(r.PrivateKey)
	if err != nil {
		return signingKey{}, fmt.Errorf("oauth: key %s: %w", r.Kid, err)
	}
	jwk := jose.JSONWebKey{Key: priv, KeyID: r.Kid, Algorithm: r.Algorithm, Use: "sig"}
	sk := jose.SigningKey{Algorithm: jose.SignatureAlgorithm(r.Algorithm), Key: jwk}
	access, err := jose.NewSigner(sk, (&jose.SignerOptions{}).WithType("at+jwt"))
	if err != nil {
		return signingKey{}, fmt.Errorf("oauth: key %s: %w", r.Kid, err)
	}
	id, err := jose.NewSigner(sk, (&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return signingKey{}, fmt.Errorf("oauth: key %s: %w", r.Kid, err)
	}
	return signingKey{kid: r.Kid, activeFrom: r.ActiveFrom, public: jwk.Public(), access: access, id: id}, nil
}

// active returns the key that signs now.
func (ks *KeySet) active() (signingKey, error) {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	now := ks.now()
	for _, k := range ks.keys {
		if !k.activeFrom.After(now) {
			return k, nil
		}
	}
	return signingKey{}, fmt.Errorf("oauth: no active signing key")
}

// Public returns the keys to publish: upcoming ones, the active one, and
// replaced ones while a token they signed may still be valid.
func (ks *KeySet) Public() jose.JSONWebKeySet {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	now := ks.now()
	set := jose.JSONWebKeySet{Keys: make([]jose.JSONWebKey, 0, len(ks.keys))}
	for i, k := range ks.keys {
		if i > 0 && ks.keys[i-1].activeFrom.Before(now.Add(-ks.keepAfter)) {
			break
		}
		set.Keys = append(set.Keys, k.public)
	}
	return set
}

// verificationKey returns the public key kid, reloading the set once when
// it is unknown (another instance may have rotated).
func (ks *KeySet) verificationKey(ctx context.Context, kid string) (any, bool) {
	for attempt := 0; attempt < 2; attempt++ {
		for _, k := range ks.Public().Keys {
			if k.KeyID == kid {
				return k.Key, true
			}
		}
		ks.mu.RLock()
		recent := ks.now().Sub(ks.loadedAt) < 5*time.Second
		ks.mu.RUnlock()
		if recent || ks.Load(ctx) != nil {
			return nil, false
		}
	}
	return nil, false
}

// Sign signs payload with the active key as a compact JWS (ES256, typ JWT,
// kid of the published JWKS), e.g. the digests of callbacks.
func (ks *KeySet) Sign(payload []byte) (string, error) {
	k, err := ks.active()
	if err != nil {
		return "", err
	}
	obj, err := k.id.Sign(payload)
	if err != nil {
		return "", fmt.Errorf("oauth: sign: %w", err)
	}
	return obj.CompactSerialize()
}
