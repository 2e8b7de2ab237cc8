package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestConnectorBacksOff dials a database that is not there in a tight loop:
// after the first failure the connector waits, doubling up to the cap,
// instead of dialing on every request.
func TestConnectorBacksOff(t *testing.T) {
	c, err := newConnector("host=" + t.TempDir() + " port=5432 user=x dbname=x sslmode=disable connect_timeout=1")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	steps := []struct {
		advance   time.Duration
		calls     int
		wantDials int64
		available bool
	}{
		{0, 1000, 1, false},              // one dial, then 50 ms of fast failures
		{dialBackoffMin, 1000, 2, false}, // due again: one dial, now 100 ms
		{dialBackoffMin, 1000, 2, false}, // not due yet
		{dialBackoffMin, 1000, 3, false}, // due
		{time.Hour, 1, 4, false},         // much later still one dial
	}
	for i, s := range steps {
		now = now.Add(s.advance)
		for range s.calls {
			if _, err := c.Connect(context.Background()); !errors.Is(err, ErrUnavailable) {
				t.Fatalf("step %d: Connect = %v, want ErrUnavailable", i, err)
			}
		}
		if got := c.dials.Load(); got != s.wantDials {
			t.Fatalf("step %d: %d dials, want %d", i, got, s.wantDials)
		}
		if c.available() != s.available {
			t.Fatalf("step %d: available = %v", i, c.available())
		}
	}
}

func TestBackoff(t *testing.T) {
	tests := []struct {
		failures int
		want     time.Duration
	}{
		{1, 50 * time.Millisecond}, {2, 100 * time.Millisecond}, {3, 200 * time.Millisecond},
		{6, 1600 * time.Millisecond}, {7, 2 * time.Second}, {100, 2 * time.Second},
	}
	for _, tt := range tests {
		if got := backoff(tt.failures); got != tt.want {
			t.Errorf("backoff(%d) = %s, want %s", tt.failures, got, tt.want)
		}
	}
}
