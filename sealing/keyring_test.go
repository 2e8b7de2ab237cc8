package sealing

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

func TestParseKeyringRefusesBadKeys(t *testing.T) {
	k1, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	short := base64.StdEncoding.EncodeToString(make([]byte, 16))
	tests := []struct {
		name, list, want string
	}{
		{"empty", "", "key 1: empty"},
		{"not base64", "not*base64", "key 1: not base64"},
		{"too short", short, "key 1: 16 bytes once decoded, want 32"},
		{"empty second", k1 + ",", "key 2: empty"},
		{"repeated", k1 + "," + k1, "key 2 repeats key id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseKeyring(tt.list)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("ParseKeyring(%q) = %v, want an error containing %q", tt.list, err, tt.want)
			}
		})
	}
}

func TestParseKeyringAcceptsEveryBase64Spelling(t *testing.T) {
	raw := bytes.Repeat([]byte{0xfb}, KeySize) // '+' and '/' in the standard alphabet
	want, err := NewKeyring(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		base64.StdEncoding.EncodeToString(raw),
		base64.RawStdEncoding.EncodeToString(raw),
		base64.URLEncoding.EncodeToString(raw),
		" " + base64.RawURLEncoding.EncodeToString(raw) + "\n",
	} {
		k, err := ParseKeyring(s)
		if err != nil {
			t.Fatalf("ParseKeyring(%q): %v", s, err)
		}
		if k.Newest() != want.Newest() {
			t.Fatalf("ParseKeyring(%q) has key id %s, want %s", s, k.Newest(), want.Newest())
		}
	}
}

func TestKeyringOrderAndIDs(t *testing.T) {
	newer, older := mustGenerate(t), mustGenerate(t)
	k, err := ParseKeyring(newer + ", " + older)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := ParseKeyring(newer)
	o, _ := ParseKeyring(older)
	ids := k.IDs()
	if len(ids) != 2 || ids[0] != n.Newest() || ids[1] != o.Newest() || k.Newest() != n.Newest() {
		t.Fatalf("IDs %v, Newest %s; want [%s %s]", ids, k.Newest(), n.Newest(), o.Newest())
	}
	if len(k.Newest()) != 2*idSize {
		t.Fatalf("key id %q is not %d hex digits", k.Newest(), 2*idSize)
	}
}

func mustGenerate(t *testing.T) string {
	t.Helper()
	s, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
