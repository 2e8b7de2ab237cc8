package aggregation

import (
	"context"
	"net/url"

	"openbank/store"
)

// CallbackSecurity is a client's callback security; the zero value (for
// its id) when it set none.
func (s *Service) CallbackSecurity(ctx context.Context, clientID string) (store.CallbackSecurity, error) {
	return s.Store.CallbackSecurity(ctx, clientID)
}

// SetCallbackSecurity checks and saves how callbacks authenticate to a
// client's endpoints: mutual TLS needs the operator's certificate; a token
// endpoint needs its URL (under the callbacks' outbound policy), the
// client id Openbank has there and its secret. An empty secret keeps the
// one saved for the same URL and client id.
func (s *Service) SetCallbackSecurity(ctx context.Context, sec store.CallbackSecurity) error {
	if sec.MTLS && s.MTLSHTTP == nil {
		return &FieldError{Field: "mtls", Problem: "no client certificate is configured on this server (CALLBACK_TLS_CERT_FILE), so callbacks cannot use mutual TLS"}
	}
	if sec.TokenURL == "" {
		sec.TokenClientID, sec.TokenSecret, sec.TokenScope = "", nil, ""
		return s.Store.SetCallbackSecurity(ctx, sec)
	}
	if err := s.checkTokenURL(ctx, sec.TokenURL); err != nil {
		return err
	}
	if sec.TokenClientID == "" {
		return &FieldError{Field: "tokenClientId", Problem: "is required with a token URL"}
	}
	if len(sec.TokenSecret) == 0 {
		old, err := s.Store.CallbackSecurity(ctx, sec.ClientID)
		if err != nil {
			return err
		}
		if old.TokenURL != sec.TokenURL || old.TokenClientID != sec.TokenClientID || len(old.TokenSecret) == 0 {
			return &FieldError{Field: "tokenSecret", Problem: "is required with a new token URL or client id"}
		}
		sec.TokenSecret = old.TokenSecret
	}
	return s.Store.SetCallbackSecurity(ctx, sec)
}

// checkTokenURL holds a token URL to the callbacks' outbound policy.
func (s *Service) checkTokenURL(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Fragment != "" || u.User != nil {
		return &FieldError{Field: "tokenUrl", Problem: "must be an absolute URL without credentials or fragment"}
	}
	if err := s.Outbound.CheckTarget(ctx, raw); err != nil {
		return &FieldError{Field: "tokenUrl", Problem: err.Error()}
	}
	return nil
}
