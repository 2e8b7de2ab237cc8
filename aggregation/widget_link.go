package aggregation

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

// WidgetLink is what a widget link carries, signed, so that the subject can
// be sent back to returnTo even when the widget cannot be found.
type WidgetLink struct {
	WidgetID            int64  `json:"w"`
	Nonce               string `json:"n"`
	ReturnTo            string `json:"r"`
	ReturnConnectionID  bool   `json:"c,omitempty"`
	ReturnWidgetIDError bool   `json:"e,omitempty"`
}

// WidgetURL is the address of a widget link.
func (s *Service) WidgetURL(ctx context.Context, l WidgetLink) (string, error) {
	token, err := s.SignWidgetLink(ctx, l)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/widget/w/%d?t=%s", s.PublicURL, l.WidgetID, token), nil
}

// SignWidgetLink returns the token of a link: its JSON and an HMAC-SHA256
// of it, both base64url.
func (s *Service) SignWidgetLink(ctx context.Context, l WidgetLink) (string, error) {
	key, err := s.widgetKey(ctx)
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(l)
	if err != nil {
		return "", fmt.Errorf("aggregation: widget link: %w", err)
	}
	body := base64.RawURLEncoding.EncodeToString(payload)
	return body + "." + base64.RawURLEncoding.EncodeToString(mac(key, body)), nil
}

// ParseWidgetLink checks a link's token; ErrWidgetLinkInvalid when it was
// not signed by this service or does not match the widget id of the path.
func (s *Service) ParseWidgetLink(ctx context.Context, widgetID int64, token string) (WidgetLink, error) {
	var l WidgetLink
	body, sig, ok := strings.Cut(token, ".")
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if !ok || err != nil {
		return l, ErrWidgetLinkInvalid
	}
	key, err := s.widgetKey(ctx)
	if err != nil {
		return l, err
	}
	if !hmac.Equal(got, mac(key, body)) {
		return l, ErrWidgetLinkInvalid
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || json.Unmarshal(payload, &l) != nil || l.WidgetID != widgetID || l.ReturnTo == "" {
		return WidgetLink{}, ErrWidgetLinkInvalid
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
	key, err := s.Store.Setting(ctx, widgetKeySetting, func() ([]byte, error) {
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
