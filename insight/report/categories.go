package report

import (
	"sort"

	"openbank/i18n"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// CategoryShare is the spending of one category over a report's period.
type CategoryShare struct {
	Code   string  `json:"code"`
	Label  string  `json:"label"`
	Amount Amount  `json:"amount"` // positive
	Share  float64 `json:"share"`  // of all categorised spending, 0-1
}

// categoryShares lists spending by category, largest first.
func categoryShares(p i18n.Printer, s *kpi.SpendingKPIs) []CategoryShare {
	out := make([]CategoryShare, 0, len(s.ByCategory))
	for code, spent := range s.ByCategory {
		if spent <= 0 {
			continue
		}
		out = append(out, CategoryShare{Code: code, Label: categoryLabel(p, code), Amount: Amount(spent),
			Share: share4(spent, s.Total)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Amount != out[j].Amount {
			return out[i].Amount > out[j].Amount
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// categoryLabel is the name a loan officer reads for a category code, in
// the language of p.
func categoryLabel(p i18n.Printer, code string) string {
	if key, ok := categoryKeys[code]; ok {
		return p.Text(key)
	}
	return code
}

// categoryKeys are the catalogue messages that name the categories of the taxonomy.
var categoryKeys = map[string]string{ //nolint:gosec // G101: message keys, not credentials
	ledger.IncomeSalary:           "report.category.income.salary",
	ledger.IncomeBenefits:         "report.category.income.benefits",
	ledger.IncomePension:          "report.category.income.pension",
	ledger.IncomeOther:            "report.category.income.other",
	ledger.TransferIn:             "report.category.transfer.in",
	ledger.TransferOut:            "report.category.transfer.out",
	ledger.TransferOwn:            "report.category.transfer.own",
	ledger.CreditInflow:           "report.category.credit.inflow",
	ledger.CreditMortgage:         "report.category.credit.mortgage",
	ledger.CreditLoan:             "report.category.credit.loan",
	ledger.CreditCard:             "report.category.credit.card",
	ledger.CreditPayday:           "report.category.credit.payday",
	ledger.CreditBNPL:             "report.category.credit.bnpl",
	ledger.CreditStudent:          "report.category.credit.student",
	ledger.FeesOverdraft:          "report.category.fees.overdraft",
	ledger.FeesReturned:           "report.category.fees.returned",
	ledger.FeesBank:               "report.category.fees.bank",
	ledger.Gambling:               "report.category.gambling",
	ledger.HousingRent:            "report.category.housing.rent",
	ledger.HousingUtilities:       "report.category.housing.utilities",
	ledger.HousingTelecom:         "report.category.housing.telecom",
	ledger.HousingCouncilTax:      "report.category.housing.council_tax",
	ledger.LivingGroceries:        "report.category.living.groceries",
	ledger.LivingEatingOut:        "report.category.living.eating_out",
	ledger.LivingShopping:         "report.category.living.shopping",
	ledger.LivingTransport:        "report.category.living.transport",
	ledger.LivingTravel:           "report.category.living.travel",
	ledger.LivingEntertainment:    "report.category.living.entertainment",
	ledger.LivingHealth:           "report.category.living.health",
	ledger.LivingInsurance:        "report.category.living.insurance",
	ledger.LivingEducation:        "report.category.living.education",
	ledger.LivingCharity:          "report.category.living.charity",
	ledger.LivingTobacco:          "report.category.living.tobacco",
	ledger.CashWithdrawal:         "report.category.cash.withdrawal",
	ledger.CashDeposit:            "report.category.cash.deposit",
	ledger.TaxesPersonal:          "report.category.taxes.personal",
	ledger.BusinessRevenue:        "report.category.business.revenue",
	ledger.BusinessCardSettlement: "report.category.business.card_settlement",
	ledger.BusinessSuppliers:      "report.category.business.suppliers",
	ledger.BusinessPayroll:        "report.category.business.payroll",
	ledger.BusinessTax:            "report.category.business.tax",
	ledger.BusinessRent:           "report.category.business.rent",
	ledger.BusinessServices:       "report.category.business.services",
}
