package oauth

import (
	"context"
	"net/url"
	"slices"
	"strings"
)

// AuthorizeRequest is a validated authorization request (RFC 6749 §4.1.1
// with PKCE).
type AuthorizeRequest struct {
	Client      Client
	RedirectURI string // one of the client's, exactly
	redirect    string // where to send the answer (RedirectURI once validated)
	Scope       string
	State       string
	Nonce       string
	Challenge   string
	Prompt      string // "", PromptNone, or other prompt values OpenID Connect defines
	DPoPJKT     string // the DPoP key the code is bound to (dpop_jkt), or ""
	// Continue is where the browser goes on after a pushed request was
	// redeemed; "" otherwise.
	Continue    string
	interaction []byte // the digest of a pushed interaction's handle
}

// PromptNone asks that no page be shown: the answer is a code, or
// login_required or consent_required.
const PromptNone = "none"

// promptValues are the prompt values of OpenID Connect Core §3.1.2.1.
var promptValues = []string{PromptNone, "login", "consent", "select_account"}

// Redirect is the registered URI the answer goes to.
func (r AuthorizeRequest) Redirect() string { return r.redirect }

// authorizeParams are the parameters of an authorization request.
var authorizeParams = []string{"client_id", "redirect_uri", "response_type", "scope", "state", "nonce",
	"code_challenge", "code_challenge_method", "prompt", "dpop_jkt"}

// ParseAuthorize validates an authorization request. An error with
// redirect false must be shown to the user (the client or redirect URI is
// not trustworthy); with redirect true it goes back to the client at
// req.Redirect(), per RFC 6749 §4.1.2.1. A pushed request (request_uri,
// RFC 9126) is redeemed here, once: req.Continue is then where to send the
// browser for the rest of the interaction.
func (s *Server) ParseAuthorize(ctx context.Context, q url.Values) (req AuthorizeRequest, err *Error, redirect bool) {
	if err := CheckParameters(q); err != nil {
		return req, err, false
	}
	for _, name := range []string{"client_id", "redirect_uri", "request_uri", "interaction"} {
		if len(q[name]) > 1 {
			return req, Errorf(ErrInvalidRequest, "%s is repeated", name), false
		}
	}
	c, serr := s.db.GetClient(ctx, q.Get("client_id"))
	if isNotFound(serr) {
		return req, Errorf(ErrInvalidRequest, "the client_id is missing or unknown"), false
	} else if serr != nil {
		return req, serverError(serr), false
	}
	sec, serr := s.db.GetClientSecurity(ctx, c.ClientID)
	if serr != nil {
		return req, serverError(serr), false
	}
	req.Client = Client{Client: c, Security: sec}
	if q, err = s.pushedParams(ctx, &req, q); err != nil {
		return req, err, false
	}
	req.RedirectURI = q.Get("redirect_uri")
	if req.RedirectURI == "" || !slices.Contains(c.RedirectURIs, req.RedirectURI) {
		return req, Errorf(ErrInvalidRequest, "the redirect_uri is missing or not registered for this client"), false
	}
	req.redirect = req.RedirectURI
	req.State = q.Get("state")
	if err := s.checkAuthorize(q, &req); err != nil {
		return req, err, true
	}
	return req, nil, false
}

// checkAuthorize validates what can be answered by redirect.
func (s *Server) checkAuthorize(q url.Values, req *AuthorizeRequest) *Error {
	for _, name := range authorizeParams {
		if len(q[name]) > 1 {
			return Errorf(ErrInvalidRequest, "%s is repeated", name)
		}
	}
	if q.Get("response_type") != "code" {
		return Errorf(ErrUnsupportedResponseType, "response_type must be code")
	}
	if !req.Client.Allows(GrantAuthorizationCode) {
		return Errorf(ErrUnauthorizedClient, "this client may not use the authorization_code grant")
	}
	var err *Error
	if req.Scope, err = grantedScope(q.Get("scope")); err != nil {
		return err
	}
	req.Nonce, req.Challenge, req.DPoPJKT = q.Get("nonce"), q.Get("code_challenge"), q.Get("dpop_jkt")
	if req.DPoPJKT != "" && !validThumbprint(req.DPoPJKT) {
		return Errorf(ErrInvalidRequest, "dpop_jkt must be a base64url SHA-256 JWK thumbprint")
	}
	if req.Prompt, err = prompt(q.Get("prompt")); err != nil {
		return err
	}
	switch method := q.Get("code_challenge_method"); {
	case req.Challenge == "":
		return Errorf(ErrInvalidRequest, "code_challenge is required (PKCE with S256)")
	case method != "S256":
		return Errorf(ErrInvalidRequest, "code_challenge_method must be S256; plain is not accepted")
	case !ValidChallenge(req.Challenge):
		return Errorf(ErrInvalidRequest, "code_challenge must be the base64url SHA-256 of the verifier (43 characters)")
	}
	return nil
}

// prompt validates the prompt parameter: known values, and none alone.
func prompt(p string) (string, *Error) {
	values := strings.Fields(p)
	for _, v := range values {
		if !slices.Contains(promptValues, v) {
			return "", Errorf(ErrInvalidRequest, "prompt %q is not one of %v", v, promptValues)
		}
	}
	if slices.Contains(values, PromptNone) && len(values) > 1 {
		return "", Errorf(ErrInvalidRequest, "prompt=none cannot be combined with other values")
	}
	return strings.Join(values, " "), nil
}

// ErrorRedirect is where to send the user to return err to the client.
func (s *Server) ErrorRedirect(req AuthorizeRequest, err *Error) string {
	v := url.Values{"error": {err.Code}, "error_description": {err.Description}, "iss": {s.cfg.Issuer}}
	if req.State != "" {
		v.Set("state", req.State)
	}
	return withQuery(req.redirect, v)
}

// withQuery adds v to the query of uri, keeping the query it has.
func withQuery(uri string, v url.Values) string {
	u, _ := url.Parse(uri)
	q := u.Query()
	for k, vs := range v {
		q[k] = vs
	}
	u.RawQuery = q.Encode()
	return u.String()
}
