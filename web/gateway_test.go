package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"openbank/store/storetest"
)

// TestGatewayRoutesFollowTheDocument serves the OpenAPI document, then
// calls every operation it lists without a token: each is routed (401,
// not 404 or 405) and the 401 matches the document.
func TestGatewayRoutesFollowTheDocument(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, storetest.NewDB(t))
	rec := get(t, s, "/openapi/gateway-v1.1.0.yaml")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/yaml") {
		t.Fatalf("document: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(rec.Body.Bytes())
	if err != nil || doc.Validate(loader.Context) != nil {
		t.Fatalf("document does not load: %v", err)
	}
	params := regexp.MustCompile(`\{[^}]+\}`)
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			url := "/gateway/v1.1.0" + params.ReplaceAllString(path, "1")
			req := httptest.NewRequest(method, url, strings.NewReader(`{}`))
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != http.StatusUnauthorized || rec.Header().Get("WWW-Authenticate") == "" {
				t.Errorf("%s %s: got %d, want 401 with WWW-Authenticate", method, url, rec.Code)
				continue
			}
			route := &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}
			in := &openapi3filter.ResponseValidationInput{
				RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
				Status:                 rec.Code, Header: rec.Header(),
				Options: &openapi3filter.Options{IncludeResponseStatus: true},
			}
			in.SetBodyBytes(rec.Body.Bytes())
			if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
				t.Errorf("%s %s: %v", method, url, err)
			}
		}
	}
	if n != 17 {
		t.Errorf("the document lists %d operations, want the 16 of the interface and the reminder texts", n)
	}
	if rec := get(t, s, "/openapi/nothing.yaml"); rec.Code != 404 {
		t.Errorf("unknown document: %d", rec.Code)
	}
}
