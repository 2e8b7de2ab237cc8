package results

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestLinkSigner(t *testing.T) {
	old := LinkSigner{Base: "https://ob.example", Keys: [][]byte{[]byte("old key")}}
	rotated := LinkSigner{Base: old.Base, Keys: [][]byte{[]byte("new key"), []byte("old key")}}
	expires := time.Date(2026, 3, 11, 9, 0, 0, 0, time.UTC)
	parts := func(l Link) (string, string, string) {
		u, err := url.Parse(l.URI)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimPrefix(u.Path, Path), u.Query().Get("expires"), u.Query().Get("sig")
	}
	id, exp, sig := parts(old.Link("abc", expires))
	_, _, newSig := parts(rotated.Link("abc", expires))
	tests := []struct {
		name         string
		signer       LinkSigner
		id, exp, sig string
		want         bool
	}{
		{"as signed", old, id, exp, sig, true},
		{"signed with a key rotated out of first place", rotated, id, exp, sig, true},
		{"signed with the new key", rotated, id, exp, newSig, true},
		{"new key unknown to the verifier", old, id, exp, newSig, false},
		{"another id", old, "abd", exp, sig, false},
		{"a later expiry", old, id, "1900000000", sig, false},
		{"no signature", old, id, exp, "", false},
		{"not base64", old, id, exp, "%%%", false},
		{"expiry not a number", old, id, "soon", sig, false},
	}
	for _, tt := range tests {
		got, ok := tt.signer.Verify(tt.id, tt.exp, tt.sig)
		if ok != tt.want || (ok && !got.Equal(expires)) {
			t.Errorf("%s: Verify = %v, %v; want %v", tt.name, got, ok, tt.want)
		}
	}
	if l := old.Link("abc", expires); !strings.HasPrefix(l.URI, "https://ob.example/results/abc?") || !l.ExpiredAt.Equal(expires) {
		t.Errorf("link %+v", l)
	}
}
