package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"openbank/store/storetest"
)

// Bank customers never meet the developer site: an unknown address under
// the widget or a mock bank, and a form the cross-site guard refused
// there, answer in the widget's style with what to do.
func TestSubjectPagesAnswerInTheirOwnStyle(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, storetest.NewDB(t))
	form := url.Values{"username": {"user"}, "password": {"secret"}}.Encode()
	for _, tt := range []struct {
		method, path, body string
		status             int
		says               string
	}{
		{"GET", "/widget/no-such-widget/anything", "", 404, "This link does not work"},
		{"GET", "/mockbank/no-such-bank/elsewhere", "", 404, "no longer works"},
		{"POST", "/mockbank/consumer-low-risk/sca", form, 403, "This page has expired"},
		{"POST", "/widget/w/123/consent", form, 404, "This link does not work"}, // no visit: the visit guard answers first
	} {
		req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
		if tt.body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != tt.status || !strings.Contains(body, tt.says) || !strings.Contains(body, "widget.css") ||
			strings.Contains(body, "landing page") {
			t.Errorf("%s %s: %d, want %d in the widget's style saying %q:\n%s", tt.method, tt.path, rec.Code, tt.status, tt.says, body)
		}
	}
	if rec := get(t, s, "/no/such/page"); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "widget.css") {
		t.Errorf("elsewhere an unknown address stays the site's 404: %d", rec.Code)
	}
}
