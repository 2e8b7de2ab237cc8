package dpop

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/json"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// maxProofBytes bounds a proof before it is parsed.
const maxProofBytes = 8 << 10

// verifySignature parses the compact JWS and checks its header and its
// signature by the public key the header carries.
func verifySignature(proof string) (*jose.JSONWebKey, string, []byte, error) {
	if len(proof) > maxProofBytes {
		return nil, "", nil, refuse("the proof is too large")
	}
	jws, err := jose.ParseSignedCompact(proof, Algorithms)
	if err != nil || len(jws.Signatures) != 1 {
		return nil, "", nil, refuse("the proof is not a JWS signed with one of %v", Algorithms)
	}
	h := jws.Signatures[0].Protected
	if typ, _ := h.ExtraHeaders[jose.HeaderType].(string); typ != "dpop+jwt" {
		return nil, "", nil, refuse("the proof's typ must be dpop+jwt")
	}
	key := h.JSONWebKey
	if key == nil || !key.Valid() || !key.IsPublic() {
		return nil, "", nil, refuse("the proof's jwk must be a valid public key")
	}
	if !keyFits(h.Algorithm, key) {
		return nil, "", nil, refuse("the proof's alg does not fit its jwk")
	}
	payload, err := jws.Verify(key)
	if err != nil {
		return nil, "", nil, refuse("the proof's signature does not verify with its jwk")
	}
	return key, h.Algorithm, payload, nil
}

// decode reads the claims, strictly: each of jti, htm, htu and iat present.
func decode(payload []byte) (claims, error) {
	var cl claims
	dec := json.NewDecoder(bytes.NewReader(payload))
	if err := dec.Decode(&cl); err != nil {
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

// keyFits reports whether alg is meant for the key's type: ES256 for a
// P-256 key, PS256 for an RSA key of at least 2048 bits, EdDSA for Ed25519.
func keyFits(alg string, key *jose.JSONWebKey) bool {
	switch k := key.Key.(type) {
	case *ecdsa.PublicKey:
		return alg == string(jose.ES256) && k.Curve == elliptic.P256()
	case *rsa.PublicKey:
		return alg == string(jose.PS256) && k.N.BitLen() >= 2048
	case ed25519.PublicKey:
		return alg == string(jose.EdDSA)
	}
	return false
}
