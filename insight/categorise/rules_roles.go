package categorise

import "openbank/insight/ledger"

// merchantCode is a dictionary merchant's category for this transaction's direction,
// channel and subject kind.
func (in *input) merchantCode(m *merchant, out bool) string {
	if !out {
		if m.bizIn != "" && in.business() {
			return m.bizIn
		}
		return m.in
	}
	switch {
	case m.dd != "" && (in.channel == ChannelDirectDebit || in.channel == ChannelStandingOrder):
		return m.dd
	case in.kind == KindBusiness || in.kind == KindUnknown && m.biz != "" && in.businessSignal():
		if m.biz != "" {
			return m.biz
		}
		return businessOf(m.out)
	case in.kind == KindConsumer && m.con != "":
		return m.con
	}
	return m.out
}

// businessOf maps a household spending category to the business one.
func businessOf(code string) string {
	switch code {
	case ledger.HousingUtilities, ledger.HousingTelecom, ledger.LivingInsurance:
		return ledger.BusinessServices
	case ledger.HousingRent:
		return ledger.BusinessRent
	case ledger.HousingCouncilTax:
		return ledger.BusinessTax
	}
	return code
}

// bankRole reads what a payment to or from a bank is for.
func (in *input) bankRole(m *merchant, out bool) verdict {
	p := &in.p
	switch {
	case p.has("MORTGAGE") || p.has("MORTGAGES") || p.has("MTG"):
		return in.credit(ledger.CreditMortgage, out)
	case p.has("LOAN") || p.has("LOANS"):
		return in.credit(ledger.CreditLoan, out)
	case p.has("SAVINGS") || p.has("SAVER") || p.has("ISA") || p.has("BOND") || p.has("POT"):
		return say(ledger.TransferOwn, 0.88)
	case p.has("INSURANCE"):
		return say(in.merchantCode(&merchant{out: ledger.LivingInsurance, in: ledger.IncomeOther}, out), 0.88)
	case p.has("CARD") || p.has("CC") || p.has("VISA") || p.has("MASTERCARD") || p.has("CREDITCARD"):
		return in.credit(ledger.CreditCard, out)
	case !out:
		return say(ledger.TransferOwn, 0.7)
	case m.dd != "" || in.channel == ChannelDirectDebit:
		return say(in.merchantCode(m, out), 0.75)
	}
	return say(ledger.TransferOwn, 0.65)
}

// credit is a lender's category: the repayment out, the loan payout in.
func (in *input) credit(code string, out bool) verdict {
	if out {
		return say(code, 0.9)
	}
	return say(ledger.CreditInflow, 0.8)
}

// hmrcRole reads what a payment to or from HM Revenue & Customs is for.
func (in *input) hmrcRole(out bool) verdict {
	p := &in.p
	switch {
	case p.hasAny(hmrcBenefitWords) || p.hasPair("TAX", "CREDITS") || p.hasPair("CHILD", "BENEFIT"):
		if out {
			return say(ledger.LivingEducation, 0.7)
		}
		return say(ledger.IncomeBenefits, 0.9)
	case p.hasAny(hmrcPersonalWords) || p.anyWord(utrRef):
		if out {
			return say(ledger.TaxesPersonal, 0.95)
		}
		return say(ledger.IncomeOther, 0.88)
	case p.hasAny(hmrcBusinessWords) || p.anyWord(payeRef):
		if out {
			return say(ledger.BusinessTax, 0.95)
		}
		return say(ledger.IncomeOther, 0.88)
	case !out && in.recurring:
		return say(ledger.IncomeBenefits, 0.75)
	case !out:
		return say(ledger.IncomeOther, 0.75)
	case in.business():
		return say(ledger.BusinessTax, 0.88)
	}
	return say(ledger.TaxesPersonal, 0.8)
}

// dwpRole tells the state pension from other benefits.
func (in *input) dwpRole() verdict {
	p := &in.p
	if p.has("PENSION") || p.has("SP") || p.has("RP") || p.has("PC") || p.has("RETIREMENT") || p.has("PENSIONS") && !p.has("WORK") {
		return say(ledger.IncomePension, 0.95)
	}
	return say(ledger.IncomeBenefits, 0.95)
}

var (
	hmrcBenefitWords  = setOf("CHB", "TC", "NTC", "WTC", "CTC", "BENEFIT", "CREDITS", "CHILDCARE", "TFC", "GUARDIAN")
	hmrcBusinessWords = setOf("VAT", "PAYE", "CT", "COTAX", "CORPORATION", "CIS", "NIC", "NICS", "EMPLOYER",
		"EMPLOYERS", "PENALTY", "OFFICE", "P11D", "APPRENTICESHIP", "CORP", "CUMBERNAULD")
	hmrcPersonalWords = setOf("SA", "SELF", "ASSESSMENT", "ASSESS", "SAT", "POA", "BALANCING", "UNDERPAYMENT",
		"CLASS", "SHIPLEY", "BUDGET")
)

// anyWord reports whether any word of the description satisfies f.
func (p *parsed) anyWord(f func(string) bool) bool {
	for i := 0; i < p.w.n; i++ {
		if f(p.w.tok[i].text) {
			return true
		}
	}
	return false
}

// payeRef reports an employer PAYE accounts-office reference: 3 digits, "P", a letter, 8 more.
func payeRef(w string) bool {
	return len(w) == 13 && isDigits(w[:3]) && w[3] == 'P' && w[4] >= 'A' && w[4] <= 'Z' && isDigits(w[5:])
}

// utrRef reports a self-assessment reference: a 10-digit taxpayer reference and "K".
func utrRef(w string) bool {
	return len(w) == 11 && isDigits(w[:10]) && w[10] == 'K'
}
