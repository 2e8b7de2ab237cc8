package widget_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkBankPage is the bank page's own cost in process, once the visit
// has started: `make bench` measures it over the network against a
// one-row SELECT.
func BenchmarkBankPage(b *testing.B) {
	e := newEnv(b, nil)
	w := e.widget(b, landing().URL+"/back", false)
	opening := httptest.NewRecorder()
	e.handler.ServeHTTP(opening, httptest.NewRequest(http.MethodGet, mustParse(b, w.URL).RequestURI(), nil))
	cookies := opening.Result().Cookies()
	if opening.Code != http.StatusSeeOther || len(cookies) != 1 {
		b.Fatalf("opening: %d, %d cookies", opening.Code, len(cookies))
	}
	path := fmt.Sprintf("/widget/w/%d/banks", w.Widget.ID)
	first := bankPage(b, e.handler, path, cookies) // a browser keeps what the page sets too
	cookies = append(cookies, first.Result().Cookies()...)
	b.ReportAllocs()
	for b.Loop() {
		bankPage(b, e.handler, path, cookies)
	}
}

// bankPage gets the bank page at path with cookies.
func bankPage(b *testing.B, h http.Handler, path string, cookies []*http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("bank page: %d", rec.Code)
	}
	return rec
}
