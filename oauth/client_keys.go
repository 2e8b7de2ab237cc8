package oauth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-jose/go-jose/v4"
)

// ParseClientKeys reads a client's JWK Set: public keys only, each of them
// for ES256 (P-256) or PS256 (RSA of 2048 bits or more), the algorithms
// FAPI 2.0 allows.
func ParseClientKeys(raw []byte) (jose.JSONWebKeySet, error) {
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(raw, &set); err != nil {
		return set, fmt.Errorf("the client's keys are not a JWK Set: %w", err)
	}
	if len(set.Keys) == 0 {
		return set, errors.New("the client's JWK Set has no keys")
	}
	for _, k := range set.Keys {
		if !k.IsPublic() || !k.Valid() {
			return set, fmt.Errorf("key %q must be a valid public key", k.KeyID)
		}
		switch pk := k.Key.(type) {
		case *ecdsa.PublicKey:
			if pk.Curve != elliptic.P256() {
				return set, fmt.Errorf("key %q: EC keys must be on P-256 (ES256)", k.KeyID)
			}
		case *rsa.PublicKey:
			if pk.N.BitLen() < 2048 {
				return set, fmt.Errorf("key %q: RSA keys must have 2048 bits or more (PS256)", k.KeyID)
			}
		default:
			return set, fmt.Errorf("key %q: only EC P-256 and RSA keys are accepted", k.KeyID)
		}
	}
	return set, nil
}
