package widget

import (
	"context"
	"errors"
	"testing"
)

// FuzzParseLink feeds widget-link tokens to the check: it never panics,
// refuses what this key did not sign, and a link it accepts belongs to the
// widget of the path, has somewhere to return to and signs back to a token
// that parses to the same link.
func FuzzParseLink(f *testing.F) {
	s := &Service{links: linkKey{key: []byte("0123456789abcdef0123456789abcdef")}}
	ctx := context.Background()
	for _, l := range []Link{
		{WidgetID: 7, Nonce: "n", ReturnTo: "https://app.example.com/done"},
		{WidgetID: 1 << 40, Nonce: "", ReturnTo: "x", ReturnConnectionID: true, ReturnWidgetIDError: true},
	} {
		token, err := s.SignLink(ctx, l)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(l.WidgetID, token)
		f.Add(l.WidgetID+1, token)
	}
	f.Add(int64(7), "eyJ3Ijo3fQ.")
	f.Add(int64(0), ".")
	f.Fuzz(func(t *testing.T, widgetID int64, token string) {
		l, err := s.ParseLink(ctx, widgetID, token)
		if err != nil {
			if !errors.Is(err, ErrLinkInvalid) {
				t.Fatalf("%q: %v, want ErrLinkInvalid", token, err)
			}
			return
		}
		if l.WidgetID != widgetID || l.ReturnTo == "" {
			t.Fatalf("%q accepted for widget %d: %+v", token, widgetID, l)
		}
		again, err := s.SignLink(ctx, l)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := s.ParseLink(ctx, widgetID, again); err != nil || back != l {
			t.Fatalf("%+v signed again parses to %+v, %v", l, back, err)
		}
	})
}
