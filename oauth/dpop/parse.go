package dpop

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// maxProofBytes bounds a proof before it is parsed.
const maxProofBytes = 8 << 10

// header is a proof's protected JOSE header.
type header struct {
	Alg  jose.SignatureAlgorithm `json:"alg"`
	Typ  string                  `json:"typ"`
	JWK  json.RawMessage         `json:"jwk"`
	Crit json.RawMessage         `json:"crit"`
}

// verifySignature parses the compact JWS and checks its header and its
// signature by the public key the header carries. A header met before (the
// same bytes: the same alg, typ and jwk) is not decoded again: its key and
// thumbprint come from keys.
func verifySignature(proof string) (*publicKey, []byte, error) {
	if len(proof) > maxProofBytes {
		return nil, nil, refuse("the proof is too large")
	}
	protected, rest, ok1 := strings.Cut(proof, ".")
	payload, sig, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || strings.Contains(sig, ".") {
		return nil, nil, notJWS()
	}
	key, cached := keys.get(protected)
	if !cached {
		var err error
		if key, err = decodeHeader(protected); err != nil {
			return nil, nil, err
		}
	}
	signature, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !key.verify([]byte(proof[:len(protected)+1+len(payload)]), signature) {
		return nil, nil, refuse("the proof's signature does not verify with its jwk")
	}
	claims, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, nil, notJWS()
	}
	if !cached && len(protected) <= maxCachedHeader {
		keys.put(protected, key)
	}
	return key, claims, nil
}

// decodeHeader reads the protected header and the key it carries.
func decodeHeader(protected string) (*publicKey, error) {
	raw, err := base64.RawURLEncoding.DecodeString(protected)
	if err != nil {
		return nil, notJWS()
	}
	var h header
	if err := json.Unmarshal(raw, &h); err != nil || h.Crit != nil ||
		!slices.Contains(Algorithms, h.Alg) {
		return nil, notJWS()
	}
	if h.Typ != "dpop+jwt" {
		return nil, refuse("the proof's typ must be dpop+jwt")
	}
	key, err := decodeJWK(h.JWK)
	if err != nil {
		return nil, refuse("the proof's jwk must be a valid public key")
	}
	if !key.fits(string(h.Alg)) {
		return nil, refuse("the proof's alg does not fit its jwk")
	}
	key.alg = string(h.Alg)
	return key, nil
}

func notJWS() *Error {
	return refuse("the proof is not a JWS signed with one of %v", Algorithms)
}

// verify checks a signature of the JWS signing input.
func (k *publicKey) verify(input, sig []byte) bool {
	switch pub := k.key.(type) {
	case *ecdsa.PublicKey:
		if len(sig) != 64 {
			return false
		}
		d := sha256.Sum256(input)
		return ecdsa.Verify(pub, d[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:]))
	case *rsa.PublicKey:
		d := sha256.Sum256(input)
		return rsa.VerifyPSS(pub, crypto.SHA256, d[:], sig, nil) == nil
	case ed25519.PublicKey:
		return ed25519.Verify(pub, input, sig)
	}
	return false
}

// decode reads the claims, strictly: each of jti, htm, htu and iat present.
func decode(payload []byte) (claims, error) {
	var cl claims
	if err := json.Unmarshal(payload, &cl); err != nil {
		return cl, refuse("the proof's claims are not a JSON object")
	}
	switch {
	case cl.JTI == "" || len(cl.JTI) > maxJTI:
		return cl, refuse("the proof needs a jti of at most %d characters", maxJTI)
	case cl.HTM == "" || cl.HTU == "" || cl.IAT == nil:
		return cl, refuse("the proof needs htm, htu and iat")
	}
	return cl, nil
}

// match checks the claims against the request.
func (cl claims) match(c Check) error {
	iat := time.Unix(*cl.IAT, 0)
	switch {
	case cl.HTM != c.Method:
		return refuse("htm is not the request's method")
	case !SameURL(cl.HTU, c.URL):
		return refuse("htu is not the request's URL")
	case iat.Before(c.Now.Add(-MaxAge)):
		return refuse("the proof is too old (iat)")
	case iat.After(c.Now.Add(Skew)):
		return refuse("the proof's iat is in the future")
	case c.AccessToken != "" && cl.ATH != TokenHash(c.AccessToken):
		return refuse("ath is not the hash of the access token")
	case c.AccessToken == "" && cl.ATH != "":
		return refuse("ath is only for requests with an access token")
	}
	return nil
}
