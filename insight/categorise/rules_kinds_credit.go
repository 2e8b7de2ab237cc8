package categorise

import "openbank/insight/ledger"

// kindCreditRule finds credit by its words: a repayment out ("ECHEANCE PRET", "Darlehen
// Rate", "CUOTA PRESTAMO", "RATA MUTUO", "aflossing"), a loan paid in ("DEBLOCAGE PRET",
// "EROGAZIONE PRESTITO"). A lender the dictionary knows keeps its own product when it is
// a payday, buy-now-pay-later or student lender and the words only say "loan"; a person
// on the other side is a friend's loan, not credit.
func (in *input) kindCreditRule(h hit) verdict {
	p := &in.p
	if !p.is(kCredit|kLoanPayout|kSalaryAdvance) || p.person() {
		return verdict{}
	}
	if in.in {
		if p.is(kLoanPayout|kSalaryAdvance) || p.is(kLoan) && !p.is(kRefund|kReturned|kIncome) {
			return say(ledger.CreditInflow, 0.88)
		}
		return verdict{}
	}
	code := creditCode(p.kinds)
	if in.channel == ChannelCard && code != ledger.CreditBNPL && (h.m == nil || h.m.weak || ledger.Primary(h.m.out) != "credit") {
		return verdict{} // instalments are not paid at a till, unless to a buy-now-pay-later provider
	}
	if h.m != nil && !h.m.weak && ledger.Primary(h.m.out) == "credit" && code == ledger.CreditLoan {
		switch h.m.out {
		case ledger.CreditPayday, ledger.CreditBNPL, ledger.CreditStudent, ledger.CreditMortgage:
			return say(h.m.out, 0.95)
		}
	}
	return say(code, 0.9)
}

// creditCode is the credit code the kinds name, the most specific first.
func creditCode(k kinds) string {
	switch {
	case k.has(kStudentLoan):
		return ledger.CreditStudent
	case k.has(kMortgage):
		return ledger.CreditMortgage
	case k.has(kPayday | kSalaryAdvance):
		return ledger.CreditPayday
	case k.has(kBNPL):
		return ledger.CreditBNPL
	case k.has(kCardRepayment):
		return ledger.CreditCard
	}
	return ledger.CreditLoan
}

// kindIncomeRule finds money paid in by employers, benefit payers and pension funds:
// "SALAIRE", "Gehalt", "NOMINA", "STIPENDIO", "salaris"; "ALLOCATIONS", "Kindergeld",
// "PRESTACION", "NASPI", "uitkering"; "RETRAITE", "Rente", "JUBILACION", "PENSIONE",
// "AOW". A pension named beats a benefit word ("PRESTACION PLAN DE PENSIONES"), and
// either beats a salary word ("ACCREDITO PENSIONE … TREDICESIMA").
func (in *input) kindIncomeRule(h hit) verdict {
	p := &in.p
	if !in.in || in.channel == ChannelCard || !p.is(kIncome) {
		return verdict{}
	}
	switch {
	case p.is(kPension):
		return say(ledger.IncomePension, 0.9)
	case p.is(kBenefit):
		return say(ledger.IncomeBenefits, 0.9)
	case h.m != nil && !h.m.weak && (h.m.in == ledger.IncomeBenefits || h.m.in == ledger.IncomePension):
		return say(h.m.in, 0.88)
	}
	return say(ledger.IncomeSalary, 0.9)
}

// kindRefundRule finds money paid back: refunds, reversals, returned debits and tax
// refunds ("REMBOURSEMENT", "Erstattung", "DEVOLUCION", "RIMBORSO", "terugbetaling",
// "TERUGGAAF"); from a person it is a person's transfer.
func (in *input) kindRefundRule() verdict {
	p := &in.p
	if !in.in || !p.is(kRefund|kReturned|kTaxPersonal) || p.is(kIncome) {
		return verdict{}
	}
	if p.person() {
		return say(ledger.TransferIn, 0.88)
	}
	return say(ledger.IncomeOther, 0.9)
}

// kindPayrollRule finds wages paid out by transfer: "SALAIRE", "Lohn", "NOMINA", "STIPENDIO",
// "salaris" on a transfer to a person.
func (in *input) kindPayrollRule() verdict {
	if in.in || !in.p.is(kSalary) || in.channel == ChannelCard || in.channel == ChannelDirectDebit {
		return verdict{}
	}
	return say(ledger.BusinessPayroll, 0.88)
}
