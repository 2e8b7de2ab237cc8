package kpi

import "strings"

// spendClass sorts spending into what a subject must pay to live, what it has
// signed up to pay, and what it chooses to pay.
type spendClass int8

// The spending classes.
const (
	notSpending spendClass = iota
	essential
	committed
	discretionary
)

// kpiCode is a category code and what the KPIs make of it.
type kpiCode struct {
	code  string
	class spendClass
}

// kpiCodes lists the TAXONOMY.md codes the KPIs know; a code's position is its
// index in the per-window totals.
var kpiCodes = [...]kpiCode{
	{"income.salary", notSpending}, {"income.benefits", notSpending}, {"income.pension", notSpending},
	{"income.other", notSpending}, {"transfer.in", notSpending}, {"transfer.out", discretionary},
	{"transfer.own", notSpending}, {"credit.inflow", notSpending}, {"credit.mortgage", committed},
	{"credit.loan", committed}, {"credit.card", committed}, {"credit.payday", committed},
	{"credit.bnpl", committed}, {"credit.student", committed}, {"fees.overdraft", committed},
	{"fees.returned", committed}, {"fees.bank", committed}, {"gambling", discretionary},
	{"housing.rent", committed}, {"housing.utilities", essential}, {"housing.telecom", committed},
	{"housing.council_tax", committed}, {"living.groceries", essential}, {"living.eating_out", discretionary},
	{"living.shopping", discretionary}, {"living.transport", essential}, {"living.travel", discretionary},
	{"living.entertainment", discretionary}, {"living.health", essential}, {"living.insurance", committed},
	{"living.education", essential}, {"living.charity", discretionary}, {"living.tobacco", discretionary},
	{"cash.withdrawal", discretionary}, {"cash.deposit", notSpending}, {"taxes.personal", committed},
	{"business.revenue", notSpending}, {"business.card_settlement", notSpending}, {"business.suppliers", essential},
	{"business.payroll", committed}, {"business.tax", committed}, {"business.rent", committed},
	{"business.services", essential},
}

// Indexes of the codes the KPIs read by name.
const (
	noCode            int8 = -1
	codeSalary        int8 = 0
	codeBenefits      int8 = 1
	codePension       int8 = 2
	codeIncomeOther   int8 = 3
	codeTransferOut   int8 = 5
	codeTransferOwn   int8 = 6
	codeCreditInflow  int8 = 7
	codeMortgage      int8 = 8
	codeCreditFirst   int8 = 8  // credit.mortgage, the first repayment code
	codeCreditLast    int8 = 13 // credit.student, the last repayment code
	codePayday        int8 = 11
	codeBNPL          int8 = 12
	codeFeesOverdraft int8 = 14
	codeFeesReturned  int8 = 15
	codeFeesBank      int8 = 16
	codeGambling      int8 = 17
	codeRent          int8 = 18
	codeRevenue       int8 = 36
	codeSettlement    int8 = 37
	codeSuppliers     int8 = 38
	codePayroll       int8 = 39
	codeBusinessTax   int8 = 40
)

// kpiCodeIndex finds a code's index.
var kpiCodeIndex = func() map[string]int8 {
	m := make(map[string]int8, len(kpiCodes))
	for i, c := range kpiCodes {
		m[c.code] = int8(i)
	}
	return m
}()

// codeOf returns the index of a category code, or noCode.
func codeOf(code string) int8 {
	if i, ok := kpiCodeIndex[code]; ok {
		return i
	}
	return noCode
}

// isIncome reports whether a code is personal income.
func isIncome(c int8) bool { return c >= codeSalary && c <= codeIncomeOther }

// isRepayment reports whether a code repays credit.
func isRepayment(c int8) bool { return c >= codeCreditFirst && c <= codeCreditLast }

// isCredit reports whether a code repays credit or brings new credit in.
func isCredit(c int8) bool { return isRepayment(c) || c == codeCreditInflow }

// isFee reports whether a code is a bank charge.
func isFee(c int8) bool { return c >= codeFeesOverdraft && c <= codeFeesBank }

// debtCollectors are the agencies, and the words, whose payments mean a debt
// went to collection: British and international agencies, then those of
// France, Germany, Spain, Italy and the Netherlands.
var debtCollectors = []string{"LOWELL", "CABOT", "INTRUM", "PRA GROUP", "MOORCROFT", "ARROW GLOBAL",
	"HOIST", "BW LEGAL", "DEBT RECOVERY", "DEBT COLLECT",
	"IQERA", "MCS ET ASSOCIES", "RECOUVREMENT", "EOS DEUTSCHLAND", "EOS KSI", "CREDITREFORM", "INFOSCORE",
	"INKASSO", "LINDORFF", "AXACTOR", "DOVALUE", "KRUK", "RECUPERO CREDITI", "FLANDERIJN", "GGN ",
	"GERECHTSDEURWAARDER", "INCASSOBUREAU"}

// collectedDebt reports whether a payment's party or description names a debt collector.
func collectedDebt(payer, desc string) bool {
	for _, name := range debtCollectors {
		if strings.Contains(payer, name) || strings.Contains(desc, name) {
			return true
		}
	}
	return false
}

// lateWords mark a tax payment as a penalty or interest for paying late, in
// British, French, German, Spanish, Italian and Dutch wording.
var lateWords = []string{"PENALTY", "LATE PAYMENT", "MAJORATION", "PENALITE", "SAEUMNISZUSCHLAG", "SÄUMNISZUSCHLAG",
	"VERSPAETUNGSZUSCHLAG", "VERSPÄTUNGSZUSCHLAG", "RECARGO", "SANZIONE", "RAVVEDIMENTO", "VERZUIMBOETE", "INVORDERINGSRENTE"}

// latePenalty reports whether a tax payment is a penalty or interest for paying late.
func latePenalty(payer, desc string) bool {
	payer, desc = strings.ToUpper(payer), strings.ToUpper(desc)
	for _, w := range lateWords {
		if strings.Contains(payer, w) || strings.Contains(desc, w) {
			return true
		}
	}
	return false
}
