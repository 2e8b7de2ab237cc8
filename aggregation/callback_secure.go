package aggregation

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"openbank/store"
)

// ErrNoClientCertificate: a client's callbacks demand mutual TLS and the
// operator configured no client certificate.
var ErrNoClientCertificate = errors.New("the callback endpoint demands mutual TLS and no client certificate is configured (CALLBACK_TLS_CERT_FILE)")

// send sends one attempt of a callback with the client's callback
// security: over mutual TLS when it asks for it, with a bearer token from
// its token endpoint when it has one. A 401 with a cached token gets one
// fresh token and one more try.
func (s *Service) send(ctx context.Context, cb *store.Callback, hmacSecret []byte, sec store.CallbackSecurity) (*http.Response, error) {
	client := s.HTTP
	if sec.MTLS {
		if s.MTLSHTTP == nil {
			return nil, ErrNoClientCertificate
		}
		client = s.MTLSHTTP
	}
	resp, token, err := s.sendOnce(ctx, client, cb, hmacSecret, sec, "")
	if err != nil || resp.StatusCode != http.StatusUnauthorized || !sec.OAuth() {
		return resp, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	resp, _, err = s.sendOnce(ctx, client, cb, hmacSecret, sec, token)
	return resp, err
}

// sendOnce signs and sends the callback, with a bearer token other than
// stale when the client has a token endpoint; it returns the token sent.
func (s *Service) sendOnce(ctx context.Context, client *http.Client, cb *store.Callback, hmacSecret []byte, sec store.CallbackSecurity, stale string) (*http.Response, string, error) {
	req, err := s.signedRequest(ctx, cb, hmacSecret)
	if err != nil {
		return nil, "", fmt.Errorf("signing: %w", err)
	}
	var token string
	if sec.OAuth() {
		if token, err = s.bearer(ctx, client, sec, stale); err != nil {
			return nil, "", err
		}
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	return resp, token, err
}
