package page

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"openbank/i18n"
)

func TestLocaleOrder(t *testing.T) {
	tests := []struct {
		name, query, accept string
		prefs               Preferences
		want                string
	}{
		{"nothing", "", "", Preferences{}, "en"},
		{"the switch first", "lang=it", "de", Preferences{Chosen: "nl", Requested: "fr", Default: "es"}, "it"},
		{"a switch it does not speak", "lang=pt", "de", Preferences{}, "de"},
		{"the kept choice", "", "de", Preferences{Chosen: "nl", Requested: "fr", Default: "es"}, "nl"},
		{"the client's request", "", "de", Preferences{Requested: "fr-CA", Default: "es"}, "fr"},
		{"the first of ui_locales it speaks", "", "de", Preferences{Requested: "ja nl", Default: "es"}, "nl"},
		{"the browser", "", "pt;q=1, de-AT;q=0.8", Preferences{Requested: "ja", Default: "es"}, "de"},
		{"the client's default", "", "pt", Preferences{Requested: "ja", Default: "es"}, "es"},
		{"a default it does not speak", "", "", Preferences{Default: "pt"}, "en"},
	}
	for _, tt := range tests {
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		c.Request = httptest.NewRequest("GET", "/page?"+tt.query, nil)
		c.Request.Header.Set("Accept-Language", tt.accept)
		if got := Locale(c, tt.prefs).Lang(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestLanguagesKeepTheAddress(t *testing.T) {
	links := Languages("/widget/w/3/login?c=9&lang=fr", "de")
	if len(links) != len(i18n.Languages) {
		t.Fatalf("%d links", len(links))
	}
	for _, l := range links {
		if !strings.HasPrefix(l.Href, "/widget/w/3/login?c=9&lang="+l.Tag) || l.Current != (l.Tag == "de") || l.Name == "" || l.Code != strings.ToUpper(l.Tag) {
			t.Errorf("link %+v", l)
		}
	}
}
