package requestid

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestLogLinesCarryTheIDs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(LogHandler{slog.NewJSONHandler(&buf, nil)})
	ctx := WithGroup(With(context.Background(), "req-1"), "journey-7")
	log.InfoContext(ctx, "hello")
	log.InfoContext(context.Background(), "plain")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if !strings.Contains(lines[0], `"request_id":"req-1"`) || !strings.Contains(lines[0], `"group_id":"journey-7"`) {
		t.Fatalf("first line lacks the ids: %s", lines[0])
	}
	if strings.Contains(lines[1], "request_id") {
		t.Fatalf("a line without ids got some: %s", lines[1])
	}
}
