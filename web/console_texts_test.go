package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestConsoleKeepsTheReminderTextCatalogue(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	tests := []struct {
		name, action, text string
		want               int
	}{
		{"append", "/admin/reminder-texts", "Call the branch about the mortgage.", http.StatusSeeOther},
		{"reword", "/admin/reminder-texts/0", "Renew this a month before it expires.", http.StatusSeeOther},
		{"empty", "/admin/reminder-texts", "   ", http.StatusBadRequest},
		{"unknown index", "/admin/reminder-texts/999", "Nothing.", http.StatusNotFound},
	}
	for _, tt := range tests {
		if status, _ := consoleSubmit(t, in, b, "/admin/reminder-texts", tt.action, url.Values{"text": {tt.text}}); status != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, status, tt.want)
		}
	}
	_, body := consolePage(t, b, in.base+"/admin/reminder-texts")
	if !strings.Contains(body, `value="Call the branch about the mortgage."`) || !strings.Contains(body, `value="Renew this a month before it expires."`) {
		t.Fatalf("catalogue: %s", body)
	}
	var idx int
	if err := in.db.Get(&idx, `SELECT idx FROM reminder_texts WHERE text = 'Call the branch about the mortgage.'`); err != nil || idx != 12 {
		t.Fatalf("new index %d %v", idx, err)
	}
}
