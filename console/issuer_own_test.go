package console

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

// TestWarnOtherRedirects: an instance whose console redirect URI is not
// the only one registered warns, naming the others; one alone is silent.
// (Not parallel: it replaces the default logger for its duration.)
func TestWarnOtherRedirects(t *testing.T) {
	var buf bytes.Buffer
	before := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})))
	t.Cleanup(func() { slog.SetDefault(before) })
	own, other := "https://a.example/admin/callback", "https://b.example/admin/callback"

	warnOtherRedirects(context.Background(), own, []string{own})
	if buf.Len() != 0 {
		t.Fatalf("warned with one instance: %s", buf.String())
	}
	warnOtherRedirects(context.Background(), own, []string{other, own})
	if log := buf.String(); !strings.Contains(log, "level=WARN") || !strings.Contains(log, "disagree on PUBLIC_URL") ||
		!strings.Contains(log, other) {
		t.Fatalf("warning %q", log)
	}
}
