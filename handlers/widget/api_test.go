package widget_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"openbank/handlers/fault"
	"openbank/handlers/widget"
)

func call(t *testing.T, h http.Handler, method, path, requestID string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var buf bytes.Buffer
	if body != nil {
		json.NewEncoder(&buf).Encode(body)
	}
	req := httptest.NewRequest(method, path, &buf)
	req.Header.Set("Content-Type", "application/json")
	if requestID != "" {
		req.Header.Set("X-Request-Id", requestID)
	}
	req.Header.Set("X-Group-Id", "journey-1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestConnectCreatesAWidgetOnBothVersions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	h := api(e)
	for _, v := range []string{"v3.12.0", "v3.11.0"} {
		id := uuid.NewString()
		rec := call(t, h, "POST", "/aggregation/"+v+"/widget/connect", id, map[string]any{
			"subjectId": 42, "countryCodes": []string{"XF"}, "returnTo": landing().URL + "/back?order=7",
			"returnConnectionId": true, "callbackFields": map[string]string{"k": "v"}, "access": "one_time",
			"locale": "fr-CA",
		})
		var got widget.Created
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.WidgetID == 0 || got.ExpiredAt.IsZero() {
			t.Fatalf("%s: %d %s", v, rec.Code, rec.Body)
		}
		if !strings.HasPrefix(got.URL, e.base+fmt.Sprintf("/widget/w/%d?t=", got.WidgetID)) || len(got.URL) < 100 {
			t.Fatalf("%s: url %s", v, got.URL)
		}
		if rec.Header().Get("X-Request-Id") != id || rec.Header().Get("X-Group-Id") != "journey-1" {
			t.Fatalf("%s: headers %v", v, rec.Header())
		}
	}
}

func TestWidgetCallsRefuseBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	h := api(e)
	fields := map[string]string{}
	for i := range 11 {
		fields[fmt.Sprint("k", i)] = "v"
	}
	ok := func(change func(map[string]any)) map[string]any {
		b := map[string]any{"subjectId": "s-1", "countryCodes": []string{"XF"}, "returnTo": landing().URL + "/back"}
		change(b)
		return b
	}
	tests := []struct {
		name, path, requestID string
		body                  any
		status                int
		mentions              string
	}{
		{"missing request id", "/widget/connect", "", ok(func(map[string]any) {}), 400, "X-Request-Id"},
		{"malformed request id", "/widget/connect", "not-a-uuid", ok(func(map[string]any) {}), 400, "X-Request-Id"},
		{"foreign returnTo", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["returnTo"] = "https://evil.example/x" }), 400, "returnTo"},
		{"relative returnTo", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["returnTo"] = "/back" }), 400, "returnTo"},
		{"eleven callback fields", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["callbackFields"] = fields }), 400, "callbackFields"},
		{"no subject", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { delete(b, "subjectId") }), 400, "subjectId"},
		{"bad access", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["access"] = "always" }), 400, "access"},
		{"no banks", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["countryCodes"] = []string{"ZZ"} }), 400, "countryCodes"},
		{"malformed locale", "/widget/connect", uuid.NewString(), ok(func(b map[string]any) { b["locale"] = "fr_FR" }), 400, "locale"},
		{"reconnect malformed locale", "/widget/reconnect", uuid.NewString(), map[string]any{"connectionId": 1, "returnTo": landing().URL, "locale": "français"}, 400, "locale"},
		{"unknown connection", "/widget/reconnect", uuid.NewString(), map[string]any{"connectionId": 999, "returnTo": landing().URL}, 404, "connection"},
		{"reconnect eleven fields", "/widget/reconnect", uuid.NewString(), map[string]any{"connectionId": 1, "returnTo": landing().URL, "callbackFields": fields}, 400, "callbackFields"},
		{"statistics without subject", "/widget/statistics", uuid.NewString(), nil, 400, "subjectId"},
	}
	for _, tt := range tests {
		method := "POST"
		if tt.body == nil {
			method = "GET"
		}
		rec := call(t, h, method, "/aggregation/v3.12.0"+tt.path, tt.requestID, tt.body)
		var body fault.Response
		if rec.Code != tt.status || json.Unmarshal(rec.Body.Bytes(), &body) != nil || !strings.Contains(body.Fault.Description+body.Fault.Message, tt.mentions) {
			t.Errorf("%s: got %d %s, want %d naming %s", tt.name, rec.Code, rec.Body, tt.status, tt.mentions)
		}
	}
}
