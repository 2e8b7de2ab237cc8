package report

import (
	"sort"

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
func categoryShares(s *kpi.SpendingKPIs) []CategoryShare {
	out := make([]CategoryShare, 0, len(s.ByCategory))
	for code, spent := range s.ByCategory {
		if spent <= 0 {
			continue
		}
		out = append(out, CategoryShare{Code: code, Label: categoryLabel(code), Amount: Amount(spent),
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

// categoryLabel is the name a loan officer reads for a category code.
func categoryLabel(code string) string {
	if label, ok := categoryLabels[code]; ok {
		return label
	}
	return code
}

// categoryLabels names the categories of the taxonomy.
var categoryLabels = map[string]string{ //nolint:gosec // G101: category labels, not credentials
	ledger.IncomeSalary: "Salary", ledger.IncomeBenefits: "Benefits", ledger.IncomePension: "Pension",
	ledger.IncomeOther: "Other income", ledger.TransferIn: "Payments from people", ledger.TransferOwn: "Own transfers",
	ledger.CreditInflow: "Borrowed money", ledger.CashDeposit: "Cash deposits", ledger.BusinessRevenue: "Revenue",
	ledger.BusinessCardSettlement: "Card takings", ledger.TransferOut: "Payments to people",
	ledger.CreditMortgage: "Mortgage", ledger.CreditLoan: "Loan repayments",
	ledger.CreditCard: "Credit card repayments", ledger.CreditPayday: "Payday loan repayments", ledger.CreditBNPL: "Buy now, pay later",
	ledger.CreditStudent: "Student loan", ledger.FeesOverdraft: "Overdraft fees", ledger.FeesReturned: "Returned payment fees",
	ledger.FeesBank: "Bank charges", ledger.Gambling: "Gambling", ledger.HousingRent: "Rent", ledger.HousingUtilities: "Utilities",
	ledger.HousingTelecom: "Phone and broadband", ledger.HousingCouncilTax: "Council tax", ledger.LivingGroceries: "Groceries",
	ledger.LivingEatingOut: "Eating out", ledger.LivingShopping: "Shopping", ledger.LivingTransport: "Transport",
	ledger.LivingTravel: "Travel", ledger.LivingEntertainment: "Entertainment", ledger.LivingHealth: "Health and care",
	ledger.LivingInsurance: "Insurance", ledger.LivingEducation: "Education", ledger.LivingCharity: "Charity",
	ledger.LivingTobacco: "Tobacco", ledger.CashWithdrawal: "Cash withdrawals", ledger.TaxesPersonal: "Income tax",
	ledger.BusinessSuppliers: "Suppliers", ledger.BusinessPayroll: "Payroll", ledger.BusinessTax: "Business tax",
	ledger.BusinessRent: "Premises", ledger.BusinessServices: "Business services",
}
