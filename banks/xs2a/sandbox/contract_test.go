package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// The Berlin Group's OpenAPI document, unchanged (testdata/README.md).
const standardDocument = "../testdata/psd2-api_v1.3.11-2021-10-01v1.yaml"

var (
	loadOnce sync.Once
	standard *openapi3.T
	loadErr  error
)

// loadStandard loads the document once for all tests.
func loadStandard(t *testing.T) *openapi3.T {
	t.Helper()
	loadOnce.Do(func() {
		loader := openapi3.NewLoader()
		standard, loadErr = loader.LoadFromFile(standardDocument)
		if loadErr == nil {
			loadErr = standard.Validate(context.Background(), openapi3.DisableExamplesValidation())
		}
	})
	if loadErr != nil {
		t.Fatalf("the NextGenPSD2 document: %v", loadErr)
	}
	return standard
}

// route finds the operation of a request to a sandbox bank (its path
// below /<bank>); a literal segment wins over a parameter.
func route(doc *openapi3.T, r *http.Request) (*routers.Route, map[string]string) {
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 2)
	if len(parts) < 2 {
		return nil, nil
	}
	path := "/" + parts[1]
	var best *routers.Route
	var params map[string]string
	fewest := -1
	for template, item := range doc.Paths.Map() {
		names := regexp.MustCompile(`\{([^}]+)\}`).FindAllStringSubmatch(template, -1)
		pattern := "^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(template), `([^/]+)`) + "$"
		m := regexp.MustCompile(pattern).FindStringSubmatch(path)
		if m == nil || item.GetOperation(r.Method) == nil || (fewest >= 0 && len(names) >= fewest) {
			continue
		}
		fewest = len(names)
		best = &routers.Route{Spec: doc, Path: template, PathItem: item, Method: r.Method, Operation: item.GetOperation(r.Method)}
		params = map[string]string{}
		for i, n := range names {
			params[n[1]] = m[i+1]
		}
	}
	return best, params
}

// checked wraps the sandbox: every request to a bank's API and every
// answer is validated against the standard's document, and a breach
// fails the test.
func checked(t *testing.T) func(http.Handler) http.Handler {
	return checkedBy(loadStandard(t), t.Errorf)
}

// checkedBy is checked with its own report of breaches.
func checkedBy(doc *openapi3.T, report func(string, ...any)) func(http.Handler) http.Handler {
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.Contains(r.URL.Path, "/sca/") || strings.Contains(r.URL.Path, "/app") { // the sign-in pages and app are the bank's own
				next.ServeHTTP(w, r)
				return
			}
			rt, params := route(doc, r)
			if rt == nil {
				report("%s %s is not an operation of the standard", r.Method, r.URL.Path)
				next.ServeHTTP(w, r)
				return
			}
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			in := &openapi3filter.RequestValidationInput{Request: r.Clone(r.Context()), PathParams: params, Route: rt, Options: opts}
			in.Request.Body = io.NopCloser(bytes.NewReader(body))
			if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && !ambiguous(err, requestSchema(rt), body) {
				report("the connector's %s %s breaks the standard: %v", r.Method, r.URL.Path, err)
			}
			if err := named(requestSchema(rt), body); len(body) > 0 && err != nil {
				report("the connector's %s %s breaks the standard: %v", r.Method, r.URL.Path, err)
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(), Options: opts}
			out.SetBodyBytes(rec.Body.Bytes())
			if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil && !ambiguous(err, responseSchema(rt, rec.Code), rec.Body.Bytes()) {
				report("the sandbox's answer %d to %s %s breaks the standard: %v", rec.Code, r.Method, r.URL.Path, trim(err))
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
		})
	}
}

func trim(err error) string {
	s := fmt.Sprint(err)
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

// TestStandardDocumentLoads: the document is whole and valid, and names
// the operations the connector uses.
func TestStandardDocumentLoads(t *testing.T) {
	doc := loadStandard(t)
	for _, p := range []string{"/v1/consents", "/v1/consents/{consentId}", "/v1/consents/{consentId}/status",
		"/v1/consents/{consentId}/authorisations", "/v1/consents/{consentId}/authorisations/{authorisationId}",
		"/v1/accounts", "/v1/accounts/{account-id}/balances", "/v1/accounts/{account-id}/transactions"} {
		if doc.Paths.Find(p) == nil {
			t.Errorf("%s is missing", p)
		}
	}
}

// TestContractCatchesBreaches: a request without its mandatory headers
// and an answer of the wrong shape are both reported.
func TestContractCatchesBreaches(t *testing.T) {
	var breaches []string
	report := func(format string, args ...any) { breaches = append(breaches, fmt.Sprintf(format, args...)) }
	bad := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Request-ID", "99391c7e-ad88-49ec-a2ad-99ddcb1f7721")
		w.Write([]byte(`{"consentStatus":"bogus"}`))
	})
	h := checkedBy(loadStandard(t), report)(bad)
	r := httptest.NewRequest(http.MethodGet, "/some-bank/v1/consents/c1/status", nil)
	h.ServeHTTP(httptest.NewRecorder(), r)
	if len(breaches) != 2 || !strings.Contains(breaches[0], "X-Request-ID") || !strings.Contains(breaches[1], "consentStatus") {
		t.Fatalf("breaches reported: %q", breaches)
	}
}

// TestContractCatchesAuthorisationBreaches: the authorisation bodies,
// whose oneOf alternatives overlap in the document, are still checked:
// a method id of the wrong type, a psuData without a password, an
// unknown scaStatus.
func TestContractCatchesAuthorisationBreaches(t *testing.T) {
	for _, tc := range []struct {
		name, method, body, answer, want string
	}{
		{"method id", http.MethodPut, `{"authenticationMethodId":5}`, `{"scaStatus":"scaMethodSelected"}`, "authenticationMethodId"},
		{"empty psuData", http.MethodPut, `{"psuData":{}}`, `{"scaStatus":"psuAuthenticated"}`, "psuData"},
		{"scaStatus", http.MethodPut, `{"scaAuthenticationData":"123456"}`, `{"scaStatus":"done"}`, "answer 200"},
		{"correct", http.MethodPut, `{"scaAuthenticationData":"123456"}`, `{"scaStatus":"finalised","_links":{"scaStatus":{"href":"/x"}}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var breaches []string
			report := func(format string, args ...any) { breaches = append(breaches, fmt.Sprintf(format, args...)) }
			h := checkedBy(loadStandard(t), report)(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-Request-ID", "99391c7e-ad88-49ec-a2ad-99ddcb1f7721")
				w.Write([]byte(tc.answer))
			}))
			r := httptest.NewRequest(tc.method, "/some-bank/v1/consents/c1/authorisations/a1", strings.NewReader(tc.body))
			r.Header.Set("X-Request-ID", "99391c7e-ad88-49ec-a2ad-99ddcb1f7721")
			r.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(httptest.NewRecorder(), r)
			if tc.want == "" {
				if len(breaches) > 0 {
					t.Fatalf("a correct exchange reported: %q", breaches)
				}
				return
			}
			if len(breaches) != 1 || !strings.Contains(breaches[0], tc.want) {
				t.Fatalf("breaches reported: %q, want one about %s", breaches, tc.want)
			}
		})
	}
}
