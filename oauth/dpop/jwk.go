package dpop

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
)

// maxRSABits bounds the modulus of an RSA key in a proof.
const maxRSABits = 4096

// publicKey is a proof's verified-to-be-public key, its RFC 7638
// thumbprint and the alg of the header that carried it.
type publicKey struct {
	key any // *ecdsa.PublicKey (P-256), *rsa.PublicKey or ed25519.PublicKey
	jkt string
	alg string
}

// jwk is the JSON Web Key of a proof's header: the public members read,
// the private ones only noticed.
type jwk struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
	N   string `json:"n"`
	E   string `json:"e"`
	// Private members: a key carrying one of them is refused.
	D  *string `json:"d"`
	P  *string `json:"p"`
	Q  *string `json:"q"`
	DP *string `json:"dp"`
	DQ *string `json:"dq"`
	QI *string `json:"qi"`
	K  *string `json:"k"`
}

var errBadKey = errors.New("not a valid public key")

// decodeJWK reads a public P-256, RSA or Ed25519 key and computes its
// thumbprint from its members as they are canonically encoded.
func decodeJWK(raw json.RawMessage) (*publicKey, error) {
	var k jwk
	if len(raw) == 0 || json.Unmarshal(raw, &k) != nil {
		return nil, errBadKey
	}
	if k.D != nil || k.P != nil || k.Q != nil || k.DP != nil || k.DQ != nil || k.QI != nil || k.K != nil {
		return nil, errBadKey
	}
	b64 := base64.RawURLEncoding
	switch {
	case k.Kty == "EC" && k.Crv == "P-256":
		x, err1 := b64.DecodeString(k.X)
		y, err2 := b64.DecodeString(k.Y)
		if err1 != nil || err2 != nil || len(x) != 32 || len(y) != 32 {
			return nil, errBadKey
		}
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return nil, errBadKey
		}
		return &publicKey{key: pub, jkt: thumbprint(`{"crv":"P-256","kty":"EC","x":"` + b64.EncodeToString(x) +
			`","y":"` + b64.EncodeToString(y) + `"}`)}, nil
	case k.Kty == "RSA":
		n, err1 := b64.DecodeString(k.N)
		e, err2 := b64.DecodeString(k.E)
		if err1 != nil || err2 != nil || len(e) == 0 || len(e) > 4 {
			return nil, errBadKey
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
		if pub.N.BitLen() > maxRSABits || pub.E < 2 {
			return nil, errBadKey
		}
		return &publicKey{key: pub, jkt: thumbprint(`{"e":"` + b64.EncodeToString(big.NewInt(int64(pub.E)).Bytes()) +
			`","kty":"RSA","n":"` + b64.EncodeToString(pub.N.Bytes()) + `"}`)}, nil
	case k.Kty == "OKP" && k.Crv == "Ed25519":
		x, err := b64.DecodeString(k.X)
		if err != nil || len(x) != ed25519.PublicKeySize {
			return nil, errBadKey
		}
		return &publicKey{key: ed25519.PublicKey(x), jkt: thumbprint(`{"crv":"Ed25519","kty":"OKP","x":"` +
			b64.EncodeToString(x) + `"}`)}, nil
	}
	return nil, errBadKey
}

// thumbprint is the base64url SHA-256 of a key's canonical members
// (RFC 7638 §3).
func thumbprint(canonical string) string {
	d := sha256.Sum256([]byte(canonical))
	return base64.RawURLEncoding.EncodeToString(d[:])
}

// fits reports whether alg is meant for the key's type: ES256 for a P-256
// key, PS256 for an RSA key of at least 2048 bits, EdDSA for Ed25519.
func (k *publicKey) fits(alg string) bool {
	switch pub := k.key.(type) {
	case *ecdsa.PublicKey:
		return alg == "ES256"
	case *rsa.PublicKey:
		return alg == "PS256" && pub.N.BitLen() >= 2048
	case ed25519.PublicKey:
		return alg == "EdDSA"
	}
	return false
}
