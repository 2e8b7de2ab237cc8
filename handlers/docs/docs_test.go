package docs

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/goccy/go-yaml"

	"openbank/handlers/page"
	"openbank/static"
)

func server(demo *Demo) *gin.Engine {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	New(page.Renderer{Assets: static.New()}, "http://bank.test", demo).Mount(e)
	return e
}

func get(t *testing.T, e *gin.Engine, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// TestPages checks what each developer page answers and contains.
func TestPages(t *testing.T) {
	demo := &Demo{ClientID: "demo-client", ClientSecret: "demo-client-secret", Username: "demo", Password: "demo-password"}
	tests := []struct {
		name, path string
		demo       *Demo
		status     int
		want, not  []string
	}{
		{"landing links what exists", "/", nil, 200, []string{`href="/docs"`, `href="/docs/reference/gateway-v1.1.0"`, "http://bank.test/docs"}, []string{"/admin/", "/widget/"}},
		{"developers", "/docs", nil, 200, []string{"Quickstart", "$CLIENT_ID:$CLIENT_SECRET", "/openapi/gateway-v1.1.0.json",
			"/openapi/aggregation-v3.11.0.yaml", "/docs/reference/aggregation-v3.12.0", "countryCodes=XF",
			"/docs/sdk/openbank-go-aggregation-v3.12.0.zip"}, []string{"demo-client-secret"}},
		{"developers: FAPI 2.0 clients", "/docs", nil, 200, []string{`id="fapi"`, "/oauth2/par", "private_key_jwt", "use_dpop_nonce",
			"client.NewDPoPKey()"}, nil},
		{"developers in the demo", "/docs", demo, 200, []string{"Demo credentials", "CLIENT_ID=demo-client\nCLIENT_SECRET=demo-client-secret", "demo-password"}, nil},
		{"reference", "/docs/reference/aggregation-v3.12.0", demo, 200, []string{`data-document="/openapi/aggregation-v3.12.0.json"`,
			"/docs/ui/swagger-ui-bundle.js?v=", "/docs/ui/reference.js?v="}, nil},
		{"no such reference", "/docs/reference/nothing", nil, 404, nil, nil},
		{"callback with a code", "/docs/callback?code=abc-123&state=s1", demo, 200, []string{"abc-123", "grant_type=authorization_code",
			"redirect_uri=http://bank.test/docs/callback", "demo-client:demo-client-secret"}, nil},
		{"callback with an error", "/docs/callback?error=access_denied&error_description=the+user+said+no", nil, 200, []string{"access_denied", "the user said no"}, []string{"grant_type"}},
		{"callback with a hostile code", "/docs/callback?code=a'b%3Bc", nil, 200, []string{`code=&#39;a&#39;\&#39;&#39;b;c&#39;`}, nil},
		{"callback alone", "/docs/callback", nil, 200, []string{"Nothing arrived"}, nil},
		{"callback from the widget", "/docs/callback?connectionId=1,ok&connectionId=2,fail", nil, 200, []string{"connectionId=1,ok",
			"the subject connected this bank", "connectionId=2,fail", "the bank refused the sign-in"}, []string{"Nothing arrived"}},
		{"callback of a refused widget", "/docs/callback?widgetId=7,expired", nil, 200, []string{"widgetId=7,expired", "the link had expired"},
			[]string{"Nothing arrived"}},
		{"UI script", "/docs/ui/reference.js", nil, 200, []string{"X-Request-Id"}, nil},
		{"UI file that is not served", "/docs/ui/VERSION", nil, 404, nil, nil},
		{"no such library", "/docs/sdk/nothing.zip", nil, 404, nil, nil},
		{"a library", "/docs/sdk/openbank-go-gateway-v1.1.0.zip", nil, 200, []string{"openbank-sdk-go/gateway/v1.1.0/client.gen.go",
			"openbank-sdk-go/client/retry.go", "openbank-sdk-go/callback/verifier.go", "openbank-sdk-go/examples/showcase/main.go"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(t, server(tt.demo), tt.path)
			body := rec.Body.String()
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d", rec.Code, tt.status)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(body, n) {
					t.Errorf("the page shows %q", n)
				}
			}
		})
	}
}

// TestDocumentFormats checks that each document is served as YAML and as
// JSON, under both spellings of its name, with the same content.
func TestDocumentFormats(t *testing.T) {
	e := server(nil)
	for _, file := range []string{"gateway-v1.1.0", "gateway-1.1.0", "aggregation-v3.12.0", "aggregation-3.11.0"} {
		t.Run(file, func(t *testing.T) {
			y, j := get(t, e, "/openapi/"+file+".yaml"), get(t, e, "/openapi/"+file+".json")
			if y.Code != 200 || j.Code != 200 {
				t.Fatalf("status %d (YAML), %d (JSON)", y.Code, j.Code)
			}
			if !strings.HasPrefix(j.Header().Get("Content-Type"), "application/json") {
				t.Errorf("JSON served as %q", j.Header().Get("Content-Type"))
			}
			var fromYAML, fromJSON any
			if err := yaml.Unmarshal(y.Body.Bytes(), &fromYAML); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(j.Body.Bytes(), &fromJSON); err != nil {
				t.Fatal(err)
			}
			a, errA := json.Marshal(fromYAML)
			b, errB := json.Marshal(fromJSON)
			if errA != nil || errB != nil || string(a) != string(b) {
				t.Errorf("YAML and JSON differ (%v, %v)", errA, errB)
			}
		})
	}
	if rec := get(t, e, "/openapi/nothing-v1.json"); rec.Code != 404 {
		t.Errorf("an unknown document answered %d", rec.Code)
	}
}
