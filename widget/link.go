package widget

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// widgetKeySetting names the setting holding the key that signs widget links.
const widgetKeySetting = "widget_link_key"

// Link is what a widget link carries, signed, so that the subject can
// be sent back to returnTo even when the widget cannot be found.
type Link struct {
	WidgetID            int64  `json:"w"`
	Nonce               string `json:"n"`
	ReturnTo            string `json:"r"`
	ReturnConnectionID  bool   `json:"c,omitempty"`
	ReturnWidgetIDError bool   `json:"e,omitempty"`
}

// URL is the address of a widget link.
func (s *Service) URL(ctx context.Context, l Link) (string, error) {
	token, err := s.SignLink(ctx, l)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/widget/w/%d?t=%s", s.Aggregation.PublicURL, l.WidgetID, token), nil
}

// SignLink returns the token of a link: its JSON and an HMAC-SHA256
// of it, both base64url.
func (s *Service) SignLink(ctx context.Context, l Link) (string, error) {
	key, err := s.widgetKey(ctx)
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(l)
	if err != nil {
		return "", fmt.Errorf("widget: link: %w", err)
	}
	body := base64.RawURLEncoding.EncodeToString(payload)
	return body + "." + base64.RawURLEncoding.EncodeToString(mac(key, body)), nil
}

// ParseLink checks a link's token; ErrLinkInvalid when it was
// not signed by this service or does not match the widget id of the path.
func (s *Service) ParseLink(ctx context.Context, widgetID int64, token string) (Link, error) {
	var l Link
	body, sig, ok := strings.Cut(token, ".")
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if !ok || err != nil {
		return l, ErrLinkInvalid
	}
	key, err := s.widgetKey(ctx)
	if err != nil {
		return l, err
	}
	if !hmac.Equal(got, mac(key, body)) {
		return l, ErrLinkInvalid
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || json.Unmarshal(payload, &l) != nil || l.WidgetID != widgetID || l.ReturnTo == "" {
		return Link{}, ErrLinkInvalid
	}
	return l, nil
}

// widgetKey is generated once and kept in the settings table, so every
// instance signs and checks with the same key.
func (s *Service) widgetKey(ctx context.Context) ([]byte, error) {
	s.links.mu.Lock()
	defer s.links.mu.Unlock()
	if s.links.key != nil {
		return s.links.key, nil
	}
	key, err := s.store().Setting(ctx, widgetKeySetting, func() ([]byte, error) {
		b := make([]byte, 32)
		_, err := rand.Read(b)
		return b, err
	})
	if err != nil {
		return nil, err
	}
	s.links.key = key
	return key, nil
}

func mac(key []byte, body string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(body))
	return m.Sum(nil)
}

// newNonce is a random value bound into a widget's link.
func newNonce() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
