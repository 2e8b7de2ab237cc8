package train

import "openbank/insight/ledger"

// The description formats of UK banks, by channel.
var (
	renderCard = []string{"{A}", "{A} {C}", "{A} {N} {C}", "{A} {C} GB", "CARD PAYMENT TO {A} ON {D}",
		"CARD PAYMENT TO {A} {N} ON {D}", "{A} {N} CD {K}", "DEB {A} CD {K}", "VIS {A}", "POS {K} {D} {A}",
		"{K} {D} {A} {C} GB", "CONTACTLESS PAYMENT {A}", "Visa purchase {A}", "{A}*{R}", "PAYPAL *{A}",
		"SQ *{A}", "SUMUP *{A}", "IZ *{A}", "{A} {N}", "C/L {A} {C}"}
	renderDirectDebit = []string{"DIRECT DEBIT {A}", "DIRECT DEBIT {A} REF {R}", "DD {A}", "D/D {A}",
		"{A} DD", "DIRECT DEBIT PAYMENT TO {A} REF {R}", "DIRECT DEBIT TO {A} REF {R}", "{A} {R} DD", "{A}"}
	renderTransferOut = []string{"FASTER PAYMENT TO {A}", "FPO {A}", "{A} FPO", "SO {A}", "S/O {A}",
		"STANDING ORDER {A}", "BILL PAYMENT TO {A}", "BP {A}", "TFR TO {A}", "To {A}", "{A}"}
	renderTransferIn = []string{"FASTER PAYMENT FROM {A}", "FPI {A}", "{A} FPI", "FASTER PAYMENTS RECEIPT REF {R} FROM {A}",
		"CR {A}", "From {A}", "{A} sent you money", "PAYMENT FROM {A}", "{A}"}
	renderCredit = []string{"BGC {A}", "{A} BGC", "BACS CREDIT {A}", "BANK GIRO CREDIT REF {A}", "CR {A}",
		"BAC {A}", "DIRECT CREDIT {A}", "{A}", "FPI {A}"}
	renderSalary     = []string{"BGC {A} SALARY", "{A} WAGES BGC", "BACS CREDIT {A} REF PAY WK{N}", "FPI {A} PAYROLL", "CR {A} SAL"}
	renderInvoiceIn  = []string{"FPI {A} INV {N}", "FASTER PAYMENT FROM {A} REF INV {N}", "BGC {A} INVOICE {N}"}
	renderInvoiceOut = []string{"FPO {A} INV {N}", "FASTER PAYMENT TO {A} REF PO {N}", "BP {A} INV {N}"}
	renderPersonRefs = []string{"", "DINNER", "RENT SHARE", "THANKS", "BILLS", "LUNCH", "HOLIDAY", "TICKETS", "BIRTHDAY", "PETROL", "GIFT"}
	renderMonths     = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}
)

// Invented names for the formats above.
var (
	renderPlaces = []string{"LONDON", "LEEDS", "MANCHESTER", "BRISTOL", "GLASGOW", "CARDIFF", "YORK", "BATH",
		"NORWICH", "EXETER", "DERBY", "HULL", "WIGAN", "BOLTON", "READING", "OXFORD", "PRESTON", "SWINDON"}
	renderSurnames = []string{"SMITH", "JONES", "TAYLOR", "BROWN", "WILLIAMS", "WILSON", "JOHNSON", "DAVIES",
		"PATEL", "ROBINSON", "WRIGHT", "THOMPSON", "EVANS", "WALKER", "WHITE", "ROBERTS", "GREEN", "HALL",
		"WOOD", "JACKSON", "CLARKE", "KHAN", "AHMED", "NOWAK", "OKAFOR", "MURPHY", "KELLY", "CAMPBELL",
		"STEWART", "HUGHES", "EDWARDS", "MORGAN", "PRICE", "COOPER", "KING", "BAKER", "HARRIS", "LEWIS", "ALI", "SINGH"}
	renderFirstNames = []string{"JAMES", "SARAH", "MOHAMMED", "EMMA", "DAVID", "LAURA", "TOM", "AMY", "PIOTR", "CHLOE",
		"RYAN", "SOPHIE", "OLIVER", "GRACE", "ADAM", "HANNAH"}
	renderInitials     = []string{"A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S", "T", "MR J", "MRS K", "MISS L"}
	renderAdjectives   = []string{"OLD", "ROYAL", "GOLDEN", "GREEN", "RED", "WHITE", "OAK", "CROWN", "STAR", "ROSE", "VILLAGE", "HIGH STREET"}
	renderCompanyWords = []string{"ENGINEERING", "LOGISTICS", "HOMES", "SERVICES", "CONSTRUCTION", "FOODS", "DESIGN", "TRADING", "GROUP", "SOLUTIONS"}
)

// renderAmounts are typical amounts in pence, by code or by primary.
var renderAmounts = map[string][2]int64{
	"income": {5000, 350000}, ledger.IncomeSalary: {80000, 450000}, ledger.IncomeOther: {100, 30000},
	"transfer": {500, 50000}, "credit": {2000, 60000}, ledger.CreditMortgage: {40000, 200000}, ledger.CreditInflow: {10000, 500000},
	"fees": {100, 3500}, ledger.Gambling: {100, 10000}, ledger.HousingRent: {40000, 200000}, ledger.HousingCouncilTax: {8000, 30000},
	"housing": {800, 15000}, ledger.LivingGroceries: {150, 15000}, ledger.LivingEatingOut: {250, 8000}, ledger.LivingTransport: {150, 9000},
	ledger.LivingTravel: {2000, 150000}, ledger.LivingEntertainment: {300, 8000}, "living": {300, 20000}, "cash": {1000, 30000},
	ledger.TaxesPersonal: {10000, 500000}, "business": {2000, 600000}, ledger.BusinessServices: {500, 50000},
}
