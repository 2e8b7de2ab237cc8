package console

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"

	"golang.org/x/oauth2"
)

// Identity is who an issuer says signed in, and whether that person is an
// admin of the console.
type Identity struct {
	Username string
	Admin    bool
	External bool
}

// Issuer is the OpenID provider admins sign in at: the authorization code
// flow with PKCE (S256), state and nonce, and an ID token verified by
// go-oidc.
type Issuer interface {
	// AuthCodeURL is where to send the browser to sign in.
	AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error)
	// Identify redeems the code and verifies the ID token it brings.
	Identify(ctx context.Context, code, verifier, nonce string) (Identity, error)
	// SignOut ends the admin's account session at the issuer, so that the
	// next sign-in asks for the password. It returns where to send the
	// browser to finish (the issuer's end-session endpoint), or "" when
	// it is over already.
	SignOut(ctx context.Context, username string) (string, error)
}

// ErrLogin is a sign-in the issuer or the ID token did not complete.
var ErrLogin = errors.New("console: the sign-in could not be completed")

// authCodeURL is the authorization request shared by both issuers.
func authCodeURL(cfg *oauth2.Config, state, nonce, verifier string) string {
	return cfg.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("nonce", nonce))
}

// RandomToken is a 256-bit random value for state, nonce and the PKCE
// verifier.
func RandomToken() string {
	b := make([]byte, 32)
	rand.Read(b) // crypto/rand never fails
	return base64.RawURLEncoding.EncodeToString(b)
}
