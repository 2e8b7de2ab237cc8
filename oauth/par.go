package oauth

import (
	"context"
	"encoding/base64"
	"net/url"
	"slices"
	"strings"
	"time"

	"openbank/store"
)

// PushTTL is how long a request_uri may wait for the browser: RFC 9126's
// example and FAPI 2.0's bound (under 600 s), kept short as the request_uri
// is a bearer of the request.
const PushTTL = 60 * time.Second

// interactionTTL is how long the sign-in and consent pages of a redeemed
// request_uri may take.
const interactionTTL = 10 * time.Minute

// RequestURIPrefix starts every request_uri (RFC 9126 §2.2).
const RequestURIPrefix = "urn:ietf:params:oauth:request_uri:"

// PushResponse is the answer of the pushed authorization request endpoint.
type PushResponse struct {
	RequestURI string `json:"request_uri"`
	ExpiresIn  int    `json:"expires_in"`
}

// Push validates and stores a pushed authorization request of an
// authenticated client (RFC 9126 §2). dpopJKT is the thumbprint of the DPoP
// proof that came with it, if any: the code will be bound to that key.
func (s *Server) Push(ctx context.Context, c Client, form url.Values, dpopJKT string) (PushResponse, *Error) {
	switch {
	case form.Has("request_uri"):
		return PushResponse{}, Errorf(ErrInvalidRequest, "request_uri cannot be pushed")
	case form.Has("request"):
		return PushResponse{}, Errorf("request_not_supported", "request objects (JAR) are not supported")
	case form.Has("client_id") && form.Get("client_id") != c.ClientID:
		return PushResponse{}, Errorf(ErrInvalidRequest, "client_id is not the authenticated client's")
	case dpopJKT != "" && form.Has("dpop_jkt") && form.Get("dpop_jkt") != dpopJKT:
		return PushResponse{}, Errorf(ErrInvalidRequest, "dpop_jkt differs from the DPoP proof's key")
	}
	params := map[string]string{}
	for _, name := range authorizeParams {
		if name != "client_id" && form.Has(name) {
			params[name] = form.Get(name)
		}
	}
	if dpopJKT != "" {
		params["dpop_jkt"] = dpopJKT
	}
	req := AuthorizeRequest{Client: c, RedirectURI: params["redirect_uri"]}
	if req.RedirectURI == "" || !slices.Contains(c.RedirectURIs, req.RedirectURI) {
		return PushResponse{}, Errorf(ErrInvalidRequest, "the redirect_uri is missing or not registered for this client")
	}
	if err := s.checkAuthorize(valuesOf(params, c.ClientID), &req); err != nil {
		return PushResponse{}, err
	}
	uri := RequestURIPrefix + NewSecret(32)
	err := s.db.CreatePushedRequest(ctx, Digest(uri), store.PushedRequest{ClientID: c.ClientID, Params: params,
		ExpiresAt: s.now().Add(PushTTL)})
	if err != nil {
		return PushResponse{}, serverError(err)
	}
	return PushResponse{RequestURI: uri, ExpiresIn: int(PushTTL.Seconds())}, nil
}

// pushedParams returns the parameters an authorization request stands for:
// those pushed under its request_uri (redeemed now, once) or under the
// handle of the interaction that followed, or its own query when it was
// not pushed, which a client that must push is refused.
func (s *Server) pushedParams(ctx context.Context, req *AuthorizeRequest, q url.Values) (url.Values, *Error) {
	c, now := req.Client, s.now()
	switch {
	case q.Has("request_uri"):
		uri := q.Get("request_uri")
		if !strings.HasPrefix(uri, RequestURIPrefix) {
			return nil, Errorf(ErrInvalidRequest, "the request_uri was not issued by this server")
		}
		handle := NewSecret(32)
		pr, err := s.db.RedeemPushedRequest(ctx, Digest(uri), c.ClientID, now, Digest(handle), now.Add(interactionTTL))
		if err != nil {
			return nil, pushedError(err)
		}
		req.interaction = Digest(handle)
		req.Continue = s.cfg.Issuer + "/oauth2/authorize?" + url.Values{"client_id": {c.ClientID}, "interaction": {handle}}.Encode()
		return valuesOf(pr.Params, c.ClientID), nil
	case q.Has("interaction"):
		handle := Digest(q.Get("interaction"))
		pr, err := s.db.PushedInteraction(ctx, handle, c.ClientID, now)
		if err != nil {
			return nil, pushedError(err)
		}
		req.interaction = handle
		return valuesOf(pr.Params, c.ClientID), nil
	case c.RequiresPAR():
		return nil, Errorf(ErrInvalidRequest, "this client must push its authorization requests to /oauth2/par (RFC 9126)")
	}
	return q, nil
}

// pushedError answers a request_uri or interaction that cannot be used.
func pushedError(err error) *Error {
	if isNotFound(err) {
		return Errorf(ErrInvalidRequest, "the request_uri is unknown, expired or already used; push the request again")
	}
	return serverError(err)
}

// finishInteraction ends a pushed request's interaction as its code is
// issued: a second code for the same request is refused.
func (s *Server) finishInteraction(ctx context.Context, req AuthorizeRequest) *Error {
	if req.interaction == nil {
		return nil
	}
	if err := s.db.FinishPushedInteraction(ctx, req.interaction, s.now()); err != nil {
		return pushedError(err)
	}
	return nil
}

// valuesOf turns pushed parameters back into a query.
func valuesOf(params map[string]string, clientID string) url.Values {
	q := url.Values{"client_id": {clientID}}
	for k, v := range params {
		q.Set(k, v)
	}
	return q
}

// validThumbprint reports whether s looks like a base64url SHA-256 JWK
// thumbprint.
func validThumbprint(s string) bool {
	b, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil && len(b) == 32
}
