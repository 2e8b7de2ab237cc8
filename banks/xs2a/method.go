package xs2a

import (
	"strings"

	"openbank/banks"
)

// methodCodes pairs each payment method with its ISO 20022 bank
// transaction code (domain-family-subfamily).
var methodCodes = []struct {
	method banks.Method
	code   string
}{
	{banks.Card, "PMNT-CCRD-POSD"},
	{banks.DirectDebit, "PMNT-RDDT-ESDD"},
	{banks.StandingOrder, "PMNT-ICDT-STDO"},
	{banks.FasterPayment, "PMNT-ICDT-ESCT"},
	{banks.BACS, "PMNT-RCDT-DMCT"},
	{banks.ATM, "PMNT-CCRD-CWDL"},
	{banks.Fee, "ACMT-MDOP-CHRG"},
	{banks.Interest, "ACMT-MDOP-INTR"},
	{banks.Transfer, "PMNT-ICDT-BOOK"},
	{banks.Cash, "PMNT-CNTR-CDPT"},
}

// BankTransactionCode is the ISO 20022 code of a payment method.
func BankTransactionCode(m banks.Method) string {
	for _, mc := range methodCodes {
		if mc.method == m {
			return mc.code
		}
	}
	return "PMNT-OTHR-OTHR"
}

// methodOf reads the payment method from the bank's proprietary code when
// it names one, else from the ISO code's family.
func methodOf(proprietary, iso string) banks.Method {
	for _, mc := range methodCodes {
		if string(mc.method) == proprietary {
			return mc.method
		}
	}
	for _, mc := range methodCodes {
		if mc.code == iso {
			return mc.method
		}
	}
	_, rest, ok := strings.Cut(iso, "-")
	if !ok {
		return banks.Transfer
	}
	family, _, _ := strings.Cut(rest, "-")
	switch family {
	case "CCRD", "MCRD", "DCRD":
		return banks.Card
	case "RDDT", "IDDT":
		return banks.DirectDebit
	case "CNTR":
		return banks.Cash
	case "MDOP":
		return banks.Fee
	}
	return banks.Transfer
}
