package ledger

// The category codes of the taxonomy, one per transaction.
const (
	IncomeSalary           = "income.salary"
	IncomeBenefits         = "income.benefits"
	IncomePension          = "income.pension"
	IncomeOther            = "income.other"
	TransferIn             = "transfer.in"
	TransferOut            = "transfer.out"
	TransferOwn            = "transfer.own"
	CreditInflow           = "credit.inflow"
	CreditMortgage         = "credit.mortgage"
	CreditLoan             = "credit.loan"
	CreditCard             = "credit.card"
	CreditPayday           = "credit.payday"
	CreditBNPL             = "credit.bnpl"
	CreditStudent          = "credit.student"
	FeesOverdraft          = "fees.overdraft"
	FeesReturned           = "fees.returned"
	FeesBank               = "fees.bank"
	Gambling               = "gambling"
	HousingRent            = "housing.rent"
	HousingUtilities       = "housing.utilities"
	HousingTelecom         = "housing.telecom"
	HousingCouncilTax      = "housing.council_tax"
	LivingGroceries        = "living.groceries"
	LivingEatingOut        = "living.eating_out"
	LivingShopping         = "living.shopping"
	LivingTransport        = "living.transport"
	LivingTravel           = "living.travel"
	LivingEntertainment    = "living.entertainment"
	LivingHealth           = "living.health"
	LivingInsurance        = "living.insurance"
	LivingEducation        = "living.education"
	LivingCharity          = "living.charity"
	LivingTobacco          = "living.tobacco"
	CashWithdrawal         = "cash.withdrawal"
	CashDeposit            = "cash.deposit"
	TaxesPersonal          = "taxes.personal"
	BusinessRevenue        = "business.revenue"
	BusinessCardSettlement = "business.card_settlement"
	BusinessSuppliers      = "business.suppliers"
	BusinessPayroll        = "business.payroll"
	BusinessTax            = "business.tax"
	BusinessRent           = "business.rent"
	BusinessServices       = "business.services"
)

// categories lists every code; a code's position is its class number in the model.
var categories = [...]string{
	IncomeSalary, IncomeBenefits, IncomePension, IncomeOther, TransferIn, TransferOut, TransferOwn,
	CreditInflow, CreditMortgage, CreditLoan, CreditCard, CreditPayday, CreditBNPL, CreditStudent,
	FeesOverdraft, FeesReturned, FeesBank, Gambling, HousingRent, HousingUtilities, HousingTelecom,
	HousingCouncilTax, LivingGroceries, LivingEatingOut, LivingShopping, LivingTransport, LivingTravel,
	LivingEntertainment, LivingHealth, LivingInsurance, LivingEducation, LivingCharity, LivingTobacco,
	CashWithdrawal, CashDeposit, TaxesPersonal, BusinessRevenue, BusinessCardSettlement,
	BusinessSuppliers, BusinessPayroll, BusinessTax, BusinessRent, BusinessServices,
}

// CategoryCount is the number of category codes.
const CategoryCount = len(categories)

// Categories returns every category code of the taxonomy.
func Categories() []string { return append([]string(nil), categories[:]...) }

// Valid reports whether code is a category code of the taxonomy.
func Valid(code string) bool { return CategoryIndex(code) >= 0 }

// CategoryAt returns the code at position i of the taxonomy, 0 <= i < CategoryCount.
func CategoryAt(i int) string { return categories[i] }

// CategoryIndex returns the position of a code in the taxonomy (its class
// number in the categoriser's model), or -1.
func CategoryIndex(code string) int {
	for i, c := range categories {
		if c == code {
			return i
		}
	}
	return -1
}

// Primary returns the part of a code before its dot.
func Primary(code string) string {
	for i := 0; i < len(code); i++ {
		if code[i] == '.' {
			return code[:i]
		}
	}
	return code
}

// OtherLeaf returns the primary's "other" leaf of a code, or "" when the
// primary has none.
func OtherLeaf(code string) string {
	leaf := Primary(code) + ".other"
	if Valid(leaf) {
		return leaf
	}
	return ""
}
