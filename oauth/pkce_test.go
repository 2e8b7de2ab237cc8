package oauth

import (
	"strings"
	"testing"
)

func TestChallengeS256RFC7636AppendixB(t *testing.T) {
	t.Parallel()
	const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	if got := ChallengeS256(verifier); got != "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" {
		t.Fatalf("challenge = %s", got)
	}
}

func TestVerifierMatches(t *testing.T) {
	t.Parallel()
	good := strings.Repeat("a", 43)
	tests := []struct {
		name, verifier, challenge string
		want                      bool
	}{
		{"match", good, ChallengeS256(good), true},
		{"128 characters", strings.Repeat("~", 128), ChallengeS256(strings.Repeat("~", 128)), true},
		{"too short", good[:42], ChallengeS256(good[:42]), false},
		{"too long", strings.Repeat("a", 129), ChallengeS256(strings.Repeat("a", 129)), false},
		{"forbidden character", good[:42] + "+", ChallengeS256(good[:42] + "+"), false},
		{"plain", good, good, false},
		{"other verifier", good, ChallengeS256(strings.Repeat("b", 43)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := VerifierMatches(tt.verifier, tt.challenge); got != tt.want {
				t.Fatalf("VerifierMatches = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	p := Argon2Params{Time: 1, Memory: 64, Threads: 1}
	h := HashPassword("correct horse", p)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") || h == HashPassword("correct horse", p) {
		t.Fatalf("hash %s: wrong format or unsalted", h)
	}
	for pw, want := range map[string]bool{"correct horse": true, "correct horsE": false, "": false} {
		if ok, err := PasswordMatches(pw, h); ok != want || err != nil {
			t.Errorf("PasswordMatches(%q) = %v, %v", pw, ok, err)
		}
	}
	if _, err := PasswordMatches("x", "$2a$10$bcrypt"); err == nil {
		t.Error("a non-argon2id hash was accepted")
	}
}

func TestSecretDigest(t *testing.T) {
	t.Parallel()
	s := NewSecret(32)
	if len(s) != 43 || !SecretMatches(s, Digest(s)) || SecretMatches(s+"x", Digest(s)) || SecretMatches(s, nil) {
		t.Fatalf("secret %q", s)
	}
}
