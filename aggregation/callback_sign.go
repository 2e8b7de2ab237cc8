package aggregation

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"openbank/store"
)

// CallbackJWSType is the typ header of a callback's JWS: no verifier of
// Openbank's access or ID tokens accepts it, nor a callback verifier them.
const CallbackJWSType = "openbank-callback+jwt"

// CallbackSignatureTTL is how long after it is made a callback's JWS is
// valid; every attempt is signed anew.
const CallbackSignatureTTL = 5 * time.Minute

// SignaturePayload is what the JWS of HeaderSignature signs.
type SignaturePayload struct {
	Issuer    string `json:"iss"`
	Audience  string `json:"aud"` // the client id of the receiver
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	EventID   string `json:"eventId"`
	Digest    string `json:"sha256"` // base64url SHA-256 of the exact body bytes
}

// TypedSigner is a Signer that also sets the JWS's typ header; the
// server's key set is one. A Signer that is not one signs with its own
// typ (test doubles).
type TypedSigner interface {
	SignTyped(ctx context.Context, typ string, payload []byte) (string, error)
}

// signCallback is the JWS of one attempt to deliver cb.
func (s *Service) signCallback(ctx context.Context, cb *store.Callback) (string, error) {
	now := s.now()
	digest := sha256.Sum256(cb.Body)
	payload, err := encode(SignaturePayload{Issuer: s.PublicURL, Audience: cb.ClientID, IssuedAt: now.Unix(),
		ExpiresAt: now.Add(CallbackSignatureTTL).Unix(), EventID: cb.ID, Digest: base64.RawURLEncoding.EncodeToString(digest[:])})
	if err != nil {
		return "", err
	}
	if typed, ok := s.Signer.(TypedSigner); ok {
		return typed.SignTyped(ctx, CallbackJWSType, payload)
	}
	return s.Signer.Sign(payload)
}

// HMACHeader is the value of HeaderHMAC for body sent at t.
func HMACHeader(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "%s.", ts)
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}
