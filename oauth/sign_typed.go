package oauth

import (
	"context"
	"crypto/x509"
	"fmt"

	"github.com/go-jose/go-jose/v4"
)

// SignTyped signs payload with the active key as a compact JWS, like
// Sign, but with typ as its type header: callbacks carry their own type,
// so that no verifier of access or ID tokens accepts one. The private key
// is read from the store for each signature.
func (ks *KeySet) SignTyped(ctx context.Context, typ string, payload []byte) (string, error) {
	k, err := ks.active()
	if err != nil {
		return "", err
	}
	signer, err := ks.typedSigner(ctx, k.kid, typ)
	if err != nil {
		return "", err
	}
	obj, err := signer.Sign(payload)
	if err != nil {
		return "", fmt.Errorf("oauth: sign %s: %w", typ, err)
	}
	return obj.CompactSerialize()
}

// typedSigner builds a signer with key kid and type header typ.
func (ks *KeySet) typedSigner(ctx context.Context, kid, typ string) (jose.Signer, error) {
	rows, err := ks.db.ListSigningKeys(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Kid != kid {
			continue
		}
		priv, err := x509.ParsePKCS8PrivateKey(r.PrivateKey)
		if err != nil {
			return nil, fmt.Errorf("oauth: key %s: %w", r.Kid, err)
		}
		jwk := jose.JSONWebKey{Key: priv, KeyID: r.Kid, Algorithm: r.Algorithm, Use: "sig"}
		sk := jose.SigningKey{Algorithm: jose.SignatureAlgorithm(r.Algorithm), Key: jwk}
		return jose.NewSigner(sk, (&jose.SignerOptions{}).WithType(jose.ContentType(typ)))
	}
	return nil, fmt.Errorf("oauth: signing key %s is no longer stored", kid)
}
