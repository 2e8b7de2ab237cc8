package banks

import (
	"strings"
	"testing"
	"time"
)

// testNow is the clock of most tests: about 24 months after the histories open.
var testNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

// taxonomy holds the codes of TAXONOMY.md; every generated transaction carries one.
var taxonomy = strings.Fields(`income.salary income.benefits income.pension income.other transfer.in
	transfer.out transfer.own credit.inflow credit.mortgage credit.loan credit.card credit.payday credit.bnpl
	credit.student fees.overdraft fees.returned fees.bank gambling housing.rent housing.utilities
	housing.telecom housing.council_tax living.groceries living.eating_out living.shopping living.transport
	living.travel living.entertainment living.health living.insurance living.education living.charity
	living.tobacco cash.withdrawal cash.deposit taxes.personal business.revenue business.card_settlement
	business.suppliers business.payroll business.tax business.rent business.services`)

// run generates a mock bank's histories, failing the test for an unknown code.
func run(t testing.TB, code string, seed int64, sc Scenario, now time.Time) []history {
	t.Helper()
	spec, ok := specFor(code)
	if !ok {
		t.Fatalf("unknown bank %q", code)
	}
	return generate(spec, seed, sc, now)
}

// allCodes lists the mock banks' codes in display order.
func allCodes() []string {
	var out []string
	for _, s := range mockSpecs {
		out = append(out, s.info.Code)
	}
	return out
}

func TestRegistryCountry(t *testing.T) {
	t.Parallel()
	r := NewRegistry(MockBanks(Options{})...)
	want := []struct{ code, name string }{
		{"redirect-scenario", "Redirect Scenario"}, {"embedded-scenario", "Embedded Scenario"},
		{"business-low-risk", "Business Low Risk"}, {"business-high-risk", "Business High Risk"},
		{"consumer-low-risk", "Consumer Low Risk"}, {"consumer-multi-account", "Consumer Multi-Account"},
		{"consumer-high-risk", "Consumer High Risk"},
	}
	for _, country := range []string{"XF", "xf"} {
		got := r.Country(country)
		if len(got) != len(want) {
			t.Fatalf("Country(%q) = %d banks, want %d", country, len(got), len(want))
		}
		for i, w := range want {
			info := got[i].Info()
			if info.Code != w.code || info.Name != w.name || info.Country != "XF" || !strings.HasPrefix(info.LogoSVG, "<svg") {
				t.Errorf("bank %d = %+v, want %s %q", i, info, w.code, w.name)
			}
		}
	}
	if len(r.Country("GB")) != 0 {
		t.Error("Country(GB) should be empty")
	}
}

func TestRegistryBank(t *testing.T) {
	t.Parallel()
	r := NewRegistry(MockBanks(Options{})...)
	tests := []struct {
		code    string
		sca     SCAStyle
		otp     bool
		wantErr error
	}{
		{"redirect-scenario", SCARedirect, false, nil},
		{"embedded-scenario", SCAEmbedded, true, nil},
		{"consumer-high-risk", SCARedirect, false, nil},
		{"no-such-bank", "", false, ErrUnknownBank},
	}
	for _, tt := range tests {
		p, err := r.Bank(tt.code)
		if err != tt.wantErr {
			t.Errorf("Bank(%q) error = %v, want %v", tt.code, err, tt.wantErr)
			continue
		}
		if err == nil && (p.Info().SCA != tt.sca || p.Info().OneTimeCode != tt.otp) {
			t.Errorf("Bank(%q) = %+v", tt.code, p.Info())
		}
	}
}

func TestIBANCheckDigits(t *testing.T) {
	t.Parallel()
	for _, code := range allCodes() {
		for _, h := range run(t, code, 3, ScenarioNormal, testNow) {
			a := h.account
			if len(a.IBAN) != 22 || ibanCheck("GB", a.IBAN[4:]) != a.IBAN[2:4] {
				t.Errorf("%s: IBAN %q has bad check digits", code, a.IBAN)
			}
		}
	}
}
