package oauth

import (
	"database/sql"
	"testing"
	"time"

	"openbank/store"
)

func TestSecretAccepted(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	c := store.Client{SecretDigest: Digest("new"), PreviousDigest: Digest("old"),
		PreviousUntil: sql.NullTime{Time: now.Add(time.Hour), Valid: true}}
	tests := []struct {
		name   string
		secret string
		at     time.Time
		want   bool
	}{
		{"the current secret", "new", now, true},
		{"the old one during its grace", "old", now, true},
		{"the old one at its end", "old", now.Add(time.Hour), false},
		{"the old one after it", "old", now.Add(2 * time.Hour), false},
		{"the current one after the grace", "new", now.Add(2 * time.Hour), true},
		{"another secret", "other", now, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := secretAccepted(c, tt.secret, tt.at); got != tt.want {
				t.Fatalf("secretAccepted(%q) = %v, want %v", tt.secret, got, tt.want)
			}
		})
	}
	if secretAccepted(store.Client{SecretDigest: Digest("new")}, "", now) {
		t.Fatal("an empty secret matched a client without a previous one")
	}
}
