package caller

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/oauth"
)

func TestOf(t *testing.T) {
	full := oauth.Principal{ClientID: "app", Subject: "alice", Username: "alice"}
	tests := []struct {
		name   string
		in     *oauth.Principal
		wantOK bool
	}{
		{"a verified token's principal", &full, true},
		{"a client-credentials principal", &oauth.Principal{ClientID: "app", Subject: "client:app"}, true},
		{"no principal", nil, false},
		{"a principal without a client", &oauth.Principal{Subject: "alice"}, false},
		{"a principal without a subject", &oauth.Principal{ClientID: "app"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(rec)
			c.Request = httptest.NewRequest(http.MethodGet, "/gateway/v1.1.0/showcases", nil)
			if tt.in != nil {
				c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), *tt.in))
			}
			p, ok := Of(c)
			if ok != tt.wantOK || (ok && p.ClientID != tt.in.ClientID) {
				t.Fatalf("Of = %+v, %v; want ok %v", p, ok, tt.wantOK)
			}
			if ok {
				return
			}
			var body fault.Response
			if rec.Code != http.StatusUnauthorized || rec.Header().Get("WWW-Authenticate") != Challenge ||
				json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Fault.Code != fault.CodeUnauthorized || !c.IsAborted() {
				t.Fatalf("refusal: %d %v %s", rec.Code, rec.Header(), rec.Body)
			}
		})
	}
}
