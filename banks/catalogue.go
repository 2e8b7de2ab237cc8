package banks

// MockCountry is the country code of the mock banks.
const MockCountry = "XF"

// The mock banks' codes.
const (
	RedirectScenario     = "redirect-scenario"
	EmbeddedScenario     = "embedded-scenario"
	BusinessLowRisk      = "business-low-risk"
	BusinessHighRisk     = "business-high-risk"
	ConsumerLowRisk      = "consumer-low-risk"
	ConsumerMultiAccount = "consumer-multi-account"
	ConsumerHighRisk     = "consumer-high-risk"
)

// bankSpec is a mock bank: its identity, its sort code and how it plays its customer.
type bankSpec struct {
	info     Info
	sortCode string
	setup    func(*sim) planner
}

// mockSpecs lists the mock banks in the order the widget shows them.
var mockSpecs = []bankSpec{
	{mockInfo(RedirectScenario, "Redirect Scenario", SCARedirect, false, "#1d4ed8"), "040001", consumerBank(ordinary)},
	{mockInfo(EmbeddedScenario, "Embedded Scenario", SCAEmbedded, true, "#047857"), "040002", consumerBank(ordinary)},
	{mockInfo(BusinessLowRisk, "Business Low Risk", SCARedirect, false, "#0f766e"), "040003", businessBank(lowRiskBusiness)},
	{mockInfo(BusinessHighRisk, "Business High Risk", SCARedirect, false, "#b45309"), "040004", businessBank(highRiskBusiness)},
	{mockInfo(ConsumerLowRisk, "Consumer Low Risk", SCARedirect, false, "#15803d"), "040005", consumerBank(lowRisk)},
	{mockInfo(ConsumerMultiAccount, "Consumer Multi-Account", SCARedirect, false, "#6d28d9"), "040006", newMultiAccount},
	{mockInfo(ConsumerHighRisk, "Consumer High Risk", SCARedirect, false, "#b91c1c"), "040007", consumerBank(highRisk)},
}

// The business profiles. Amounts are pence.
var (
	lowRiskBusiness = businessTraits{
		opening: [2]int64{2500000, 6000000}, overdraft: 1000000, staff: [2]int{4, 9}, pay: [2]int64{160000, 300000},
		invoice: [2]int64{80000, 600000}, invoiceRate: 330, takings: [2]int64{20000, 120000}, margin: 97,
		supplier: [2]int64{50000, 400000}, rent: [2]int64{450000, 900000}, returnFee: 500, odRate: 900,
	}
	highRiskBusiness = businessTraits{
		opening: [2]int64{200000, 800000}, overdraft: 2000000, staff: [2]int{3, 7}, pay: [2]int64{150000, 260000},
		invoice: [2]int64{70000, 550000}, invoiceRate: 440, takings: [2]int64{18000, 110000}, margin: 95,
		supplier: [2]int64{50000, 420000}, rent: [2]int64{450000, 900000}, weakMonths: 220, lateTax: true,
		returnFee: 2500, odRate: 1400,
	}
)

// businessBank returns a setup that plays one small company with traits t.
func businessBank(t businessTraits) func(*sim) planner {
	return func(s *sim) planner { return newBusiness(s, t) }
}

// specFor finds a mock bank by code.
func specFor(code string) (*bankSpec, bool) {
	for i := range mockSpecs {
		if mockSpecs[i].info.Code == code {
			return &mockSpecs[i], true
		}
	}
	return nil, false
}
