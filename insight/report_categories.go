package insight

import (
	"math"
	"sort"
)

// CategoryShare is the spending of one category over a report's period.
type CategoryShare struct {
	Code   string  `json:"code"`
	Label  string  `json:"label"`
	Amount Amount  `json:"amount"` // positive
	Share  float64 `json:"share"`  // of all categorised spending, 0-1
}

// categoryShares lists spending by category, largest first.
func categoryShares(s *SpendingKPIs) []CategoryShare {
	out := make([]CategoryShare, 0, len(s.ByCategory))
	for code, spent := range s.ByCategory {
		if spent <= 0 {
			continue
		}
		out = append(out, CategoryShare{Code: code, Label: categoryLabel(code), Amount: Amount(spent),
			Share: math.Round(Share(spent, s.Total)*1e4) / 1e4})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Amount != out[j].Amount {
			return out[i].Amount > out[j].Amount
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// categoryLabel is the name a loan officer reads for a category code.
func categoryLabel(code string) string {
	if label, ok := categoryLabels[code]; ok {
		return label
	}
	return code
}

// categoryLabels names the spending categories of the taxonomy.
var categoryLabels = map[string]string{ //nolint:gosec // G101: category labels, not credentials
	TransferOut: "Payments to people", CreditMortgage: "Mortgage", CreditLoan: "Loan repayments",
	CreditCard: "Credit card repayments", CreditPayday: "Payday loan repayments", CreditBNPL: "Buy now, pay later",
	CreditStudent: "Student loan", FeesOverdraft: "Overdraft fees", FeesReturned: "Returned payment fees",
	FeesBank: "Bank charges", Gambling: "Gambling", HousingRent: "Rent", HousingUtilities: "Utilities",
	HousingTelecom: "Phone and broadband", HousingCouncilTax: "Council tax", LivingGroceries: "Groceries",
	LivingEatingOut: "Eating out", LivingShopping: "Shopping", LivingTransport: "Transport",
	LivingTravel: "Travel", LivingEntertainment: "Entertainment", LivingHealth: "Health and care",
	LivingInsurance: "Insurance", LivingEducation: "Education", LivingCharity: "Charity",
	LivingTobacco: "Tobacco", CashWithdrawal: "Cash withdrawals", TaxesPersonal: "Income tax",
	BusinessSuppliers: "Suppliers", BusinessPayroll: "Payroll", BusinessTax: "Business tax",
	BusinessRent: "Premises", BusinessServices: "Business services",
}
