package web

import (
	"net/url"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
	"openbank/widget"
)

// productionBank is a real bank as far as the server can tell: a mock bank
// under another code and country, in the production environment.
type productionBank struct{ banks.Provider }

func newProductionBank() productionBank {
	for _, p := range banks.MockBanks(banks.Options{}) {
		if p.Info().Code == banks.EmbeddedScenario {
			return productionBank{p}
		}
	}
	panic("no embedded scenario bank")
}

func (b productionBank) Info() banks.Info {
	i := b.Provider.Info()
	i.Code, i.Name, i.Country, i.Environment = "real-bank", "Real Bank", "DE", banks.Production
	return i
}

// TestEnvironmentsKeepTestAndProductionApart: a test client sees and
// connects only test banks, a production client only production banks,
// each refusal names both environments, and tokens and introspection carry
// the client's environment.
func TestEnvironmentsKeepTestAndProductionApart(t *testing.T) {
	t.Parallel()
	in := startInstance(t, storetest.NewURL(t), "", WithBanks(newProductionBank()))
	spec := oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"}}
	testClient, testReg := newAggClient(t, in, spec)
	spec.Environment = oauth.EnvironmentProduction
	prodClient, prodReg := newAggClient(t, in, spec)

	connect := func(a *aggClient, bank string) (int, map[string]any) {
		return a.call("POST", "/connections", map[string]any{"subjectId": 5, "provider": bank,
			"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	}
	tests := []struct {
		name        string
		client      *aggClient
		bank        string
		want        int
		description string
	}{
		{"test client, test bank", testClient, banks.EmbeddedScenario, 201, ""},
		{"test client, production bank", testClient, "real-bank", 403, "production bank and these are test credentials"},
		{"production client, production bank", prodClient, "real-bank", 201, ""},
		{"production client, test bank", prodClient, banks.EmbeddedScenario, 403, "test bank and these are production credentials"},
	}
	for _, tt := range tests {
		code, body := connect(tt.client, tt.bank)
		if code != tt.want {
			t.Errorf("%s: %d %v", tt.name, code, body)
			continue
		}
		if tt.want == 403 {
			f := body["fault"].(map[string]any)
			if !strings.Contains(f["message"].(string), "wrong environment") || !strings.Contains(f["description"].(string), tt.description) {
				t.Errorf("%s: fault %v", tt.name, f)
			}
		}
	}

	providers := func(a *aggClient, country string) []string {
		_, body := a.call("GET", "/providers?countryCodes="+country, nil)
		var codes []string
		for _, p := range body["providers"].([]any) {
			codes = append(codes, p.(map[string]any)["code"].(string))
		}
		return codes
	}
	if got := providers(testClient, "DE"); len(got) != 0 {
		t.Errorf("a test client lists production banks: %v", got)
	}
	if got := providers(testClient, "XF"); len(got) != 7 {
		t.Errorf("a test client lists %v, want the 7 mock banks", got)
	}
	if got := providers(prodClient, "XF"); len(got) != 0 {
		t.Errorf("a production client lists test banks: %v", got)
	}
	if got := providers(prodClient, "DE"); len(got) != 1 || got[0] != "real-bank" {
		t.Errorf("a production client lists %v", got)
	}

	code, body := prodClient.call("POST", "/widget/connect", map[string]any{"subjectId": 5, "countryCodes": []string{"XF"},
		"returnTo": "https://app.example/done"})
	if code != 403 || !strings.Contains(body["fault"].(map[string]any)["message"].(string), "wrong environment") {
		t.Errorf("a production client's widget of test banks: %d %v", code, body)
	}
	if code, body := testClient.call("POST", "/widget/connect", map[string]any{"subjectId": 5, "countryCodes": []string{"XF"},
		"returnTo": "https://app.example/done"}); code != 201 {
		t.Errorf("a test client's widget of test banks: %d %v", code, body)
	}

	for _, c := range []struct {
		reg  registered
		want []string
	}{{testReg, []string{"XF"}}, {prodReg, []string{"DE"}}} {
		list, err := in.widgets.Banks(t.Context(), &store.Widget{ClientID: c.reg.id, Kind: widget.KindConnect, CountryCodes: []string{"XF", "DE"}})
		if err != nil || len(list) == 0 {
			t.Fatalf("widget banks of %s: %v %v", c.reg.id, list, err)
		}
		for _, b := range list {
			if b.Country != c.want[0] {
				t.Errorf("the widget of %s offers %s (%s)", c.reg.id, b.Code, b.Country)
			}
		}
	}
	for _, c := range []struct {
		reg  registered
		want string
	}{{testReg, "test"}, {prodReg, "production"}} {
		_, tok, _ := in.tokenCall(t, "/oauth2/token", c.reg, url.Values{"grant_type": {"client_credentials"}})
		access := tok["access_token"].(string)
		claims, oerr := in.OAuth().VerifyAccessToken(t.Context(), access)
		if oerr != nil || claims.Environment != c.want {
			t.Errorf("%s: token claims %+v %v", c.want, claims, oerr)
		}
		_, intro, _ := in.tokenCall(t, "/oauth2/introspect", c.reg, url.Values{"token": {access}})
		if intro["environment"] != c.want || intro["active"] != true {
			t.Errorf("%s: introspection %v", c.want, intro)
		}
	}
}

// TestTestBanksInProductionWhenAllowed: the operator's setting lets a
// production client connect the test banks for smoke tests, never a test
// client a production bank.
func TestTestBanksInProductionWhenAllowed(t *testing.T) {
	t.Parallel()
	allow := func(s *Server) { s.cfg.TestBanksInProduction = true }
	in := startInstance(t, storetest.NewURL(t), "", WithBanks(newProductionBank()), allow)
	prod, _ := newAggClient(t, in, oauth.ClientSpec{Environment: oauth.EnvironmentProduction})
	test, _ := newAggClient(t, in, oauth.ClientSpec{})
	for _, c := range []struct {
		a    *aggClient
		bank string
		want int
	}{{prod, banks.EmbeddedScenario, 201}, {prod, "real-bank", 201}, {test, "real-bank", 403}} {
		code, body := c.a.call("POST", "/connections", map[string]any{"subjectId": 6, "provider": c.bank,
			"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
		if code != c.want {
			t.Errorf("%s: %d %v", c.bank, code, body)
		}
	}
}
