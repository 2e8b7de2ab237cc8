package oauth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2Params are the cost parameters of argon2id password hashes.
type Argon2Params struct {
	Time    uint32
	Memory  uint32 // KiB
	Threads uint8
}

// DefaultArgon2 follows the OWASP recommendation (19 MiB, 2 passes).
var DefaultArgon2 = Argon2Params{Time: 2, Memory: 19 * 1024, Threads: 1}

// HashPassword returns the argon2id hash of password in the PHC string
// format, which carries its parameters and salt.
func HashPassword(password string, p Argon2Params) string {
	salt := make([]byte, 16)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// PasswordMatches checks password against a hash from HashPassword.
func PasswordMatches(password, hash string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("oauth: not an argon2id hash")
	}
	var version int
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errors.New("oauth: unsupported argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, fmt.Errorf("oauth: argon2 parameters: %w", err)
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err := errors.Join(err1, err2, p.check(), lengthsOK(salt, want)); err != nil {
		return false, fmt.Errorf("oauth: argon2 hash: %w", err)
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// The bounds a stored hash must keep: what argon2 accepts, and no more
// than a server would ever issue, so a corrupt or planted row can neither
// crash a check nor make it cost minutes or gigabytes.
const (
	maxArgon2Time    = 16
	maxArgon2Memory  = 1 << 20 // KiB: 1 GiB
	maxArgon2Threads = 16
)

// check refuses parameters argon2 cannot run or no server would issue.
func (p Argon2Params) check() error {
	switch {
	case p.Time < 1 || p.Time > maxArgon2Time:
		return fmt.Errorf("t=%d is outside 1-%d", p.Time, maxArgon2Time)
	case p.Threads < 1 || p.Threads > maxArgon2Threads:
		return fmt.Errorf("p=%d is outside 1-%d", p.Threads, maxArgon2Threads)
	case p.Memory < 8*uint32(p.Threads) || p.Memory > maxArgon2Memory:
		return fmt.Errorf("m=%d is outside %d-%d", p.Memory, 8*uint32(p.Threads), maxArgon2Memory)
	}
	return nil
}

// lengthsOK refuses a salt or key too short to mean anything or too long
// to be ours.
func lengthsOK(salt, key []byte) error {
	if len(salt) < 8 || len(salt) > 64 || len(key) < 16 || len(key) > 64 {
		return fmt.Errorf("salt of %d bytes or key of %d bytes is out of bounds", len(salt), len(key))
	}
	return nil
}
