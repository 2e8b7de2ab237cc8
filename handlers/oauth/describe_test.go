package oauth

import (
	"strings"
	"testing"

	"openbank/i18n"
	"openbank/oauth"
	"openbank/store"
)

// The consent page says what the client may do in words, never in the
// product codes of the client record.
func TestConsentListsPermissionsInWords(t *testing.T) {
	req := oauth.AuthorizeRequest{Client: oauth.Client{Client: store.Client{Products: []string{"gateway", "aggregation"}}},
		Scope: "openid"}
	got := strings.Join(describe(i18n.For("en"), req), "\n")
	for _, want := range []string{"showcases", "bank accounts you connect", "your username"} {
		if !strings.Contains(got, want) {
			t.Errorf("consent list %q does not say %q", got, want)
		}
	}
	for _, code := range []string{"(gateway", "aggregation)", "gateway, aggregation"} {
		if strings.Contains(got, code) {
			t.Errorf("consent list %q shows the product codes", got)
		}
	}
}
