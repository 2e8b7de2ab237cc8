package oauth

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzPasswordMatches feeds PHC hash strings and passwords to the check:
// it never panics, a match is never also an error, and a hash of the
// password made here always matches it. Hashes whose parameters would
// cost more than a test allows are skipped.
func FuzzPasswordMatches(f *testing.F) {
	cheap := Argon2Params{Time: 1, Memory: 64, Threads: 1}
	for _, seed := range [][2]string{
		{"correct horse", HashPassword("correct horse", cheap)},
		{"x", "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5"},
		{"x", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5"},
		{"x", "$argon2id$v=16$m=64,t=1,p=1$c2FsdA$a2V5"},
		{"x", "$argon2id$v=19$m=64,t=1$c2FsdA$a2V5"},
		{"x", "$2a$10$abcdefghijklmnopqrstuu"},
		{"", ""},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, password, hash string) {
		if costly(hash) {
			t.Skip()
		}
		ok, err := PasswordMatches(password, hash)
		if ok && err != nil {
			t.Fatalf("%q matched and failed: %v", hash, err)
		}
		if len(password) > 256 {
			return
		}
		if ok, err := PasswordMatches(password, HashPassword(password, cheap)); !ok || err != nil {
			t.Fatalf("the hash of %q does not match it: %v", password, err)
		}
	})
}

// costly reports whether a PHC string asks for more memory or passes than
// a fuzz run can afford.
func costly(hash string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 {
		return false
	}
	var m, t, p uint64
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	return m > 1024 || t > 4 || p > 4
}
