package banks

import "strconv"

// bill is a regular monthly payment.
type bill struct {
	dom      int // nominal day of the month
	amount   int64
	method   Method // DirectDebit, StandingOrder or Card
	payee    string
	ref      string
	category string
	seasonal bool   // energy: dearer in winter, cheaper in summer
	months   uint16 // bit m-1 set when paid in month m; 0 = every month
}

// payees by kind of bill; a subject picks one of each.
var (
	energyFirms   = []string{"BRITISH GAS", "OCTOPUS ENERGY", "EDF ENERGY", "E.ON NEXT", "OVO ENERGY"}
	waterFirms    = []string{"THAMES WATER", "UNITED UTILITIES", "SEVERN TRENT", "YORKSHIRE WATER"}
	mobileFirms   = []string{"VODAFONE", "EE LIMITED", "O2", "THREE", "GIFFGAFF"}
	broadband     = []string{"BT GROUP", "SKY DIGITAL", "VIRGIN MEDIA", "TALKTALK"}
	insurers      = []string{"ADMIRAL INSURANCE", "AVIVA", "DIRECT LINE", "LV INSURANCE"}
	streaming     = []string{"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "AMAZON PRIME"}
	gyms          = []string{"PUREGYM", "THE GYM GROUP", "DAVID LLOYD"}
	charities     = []string{"CANCER RESEARCH UK", "BRITISH HEART FOUNDATION", "OXFAM"}
	lenders       = []string{"LENDING STREAM", "MONEYBOAT", "DRAFTY", "QUIDMARKET", "CASHFLOAT"}
	carFinance    = []string{"BLACK HORSE LTD", "MOTONOVO FINANCE", "CLOSE BROTHERS MOTOR"}
	nurseries     = []string{"BRIGHT HORIZONS", "BUSY BEES NURSERIES", "LITTLE ACORNS DAY NURSERY", "KIDS PLANET NURSERIES"}
	courses       = []string{"OPEN UNIVERSITY", "CITY COLLEGE COURSE FEES", "OXFORD COLLEGE OF MARKETING"}
	pensionFirms  = []string{"AVIVA ANNUITY", "LEGAL & GENERAL", "SCOTTISH WIDOWS", "ROYAL LONDON", "NHS PENSIONS", "TEACHERS PENSIONS"}
	landlords     = []string{"FOXTONS LETTINGS", "R PATEL", "MARTIN & CO LETTINGS", "J O'BRIEN"}
	mortgageBanks = []string{"NATIONWIDE BS", "HALIFAX MORTGAGE", "SANTANDER MORTGAGE"}
	employers     = []string{"NORTHWIND LOGISTICS LTD", "BRIGHTWELL CONSULTING", "LEEDS TEACHING HOSPITALS", "KESTREL SOFTWARE LTD", "HARBOUR DENTAL CARE"}
	agencies      = []string{"STAFFLINE RECRUITMENT", "SWIFT STAFFING LTD", "HALLMARK TEMPS LTD"}
	people        = []string{"J SMITH", "A KHAN", "S JONES", "M WILLIAMS", "R PATEL", "L BROWN", "D TAYLOR", "C DAVIES", "K EVANS", "H WILSON"}
)

// councilMonths are the ten instalments of council tax, April to January.
const councilMonths uint16 = 0b1111_1111_1001

// pick returns a random element.
func pick(l *ledger, list []string) string { return list[l.rng.IntN(len(list))] }

// mandate returns a direct debit reference of the given length.
func mandate(l *ledger, digits int) string {
	n := strconv.FormatUint(l.rng.Uint64()%1e12, 10)
	for len(n) < digits {
		n = "0" + n
	}
	return n[len(n)-digits:]
}

// addBill appends a regular payment with an amount drawn in [lo, hi].
func addBill(l *ledger, bills []bill, m Method, payee, category string, lo, hi int64) []bill {
	return append(bills, bill{dom: 2 + l.rng.IntN(26), amount: l.between(lo, hi), method: m,
		payee: payee, ref: mandate(l, 10), category: category})
}

// due reports whether b is paid today.
func (b *bill) due(info *dayInfo) bool {
	return info.dom == b.dom && (b.months == 0 || b.months&(1<<(info.month-1)) != 0)
}

// pay makes today's payment of b from l.
func (b *bill) pay(s *sim, l *ledger, month int) {
	amount := b.amount
	if b.seasonal {
		amount = amount * seasonEnergy[month-1] / 100
	}
	switch b.method {
	case DirectDebit:
		l.directDebit(b.payee, b.ref, amount, b.category)
	case StandingOrder:
		l.standingOrder(b.payee, b.ref, amount, b.category)
	default:
		l.cardPayment(b.payee+" "+cardLocation(b.payee), b.payee, amount, b.category)
	}
}

// seasonEnergy and seasonShopping are percentages by month, January first.
var (
	seasonEnergy   = []int64{140, 135, 120, 100, 85, 70, 65, 65, 80, 100, 120, 140}
	seasonShopping = []int64{85, 80, 90, 95, 100, 100, 105, 105, 95, 100, 120, 165}
)

// cardLocation is where a subscription's card payments are printed from.
func cardLocation(payee string) string {
	switch payee {
	case "NETFLIX.COM", "SPOTIFY":
		return "LONDON"
	case "AMAZON PRIME":
		return "AMAZON.CO.UK"
	case "PARENTPAY":
		return "COVENTRY"
	case "MICROSOFT*365":
		return "MSBILL.INFO"
	case "AMAZON WEB SERVICES":
		return "AWS.AMAZON.CO"
	}
	return "LONDON"
}
