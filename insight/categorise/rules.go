package categorise

import "openbank/insight/ledger"

// verdict is a category with its confidence, or nothing when ok is false.
type verdict struct {
	code string
	conf float64
	ok   bool
}

// say makes a verdict.
func say(code string, conf float64) verdict { return verdict{code: code, conf: conf, ok: true} }

// reversed reports a returned or reversed payment coming back, e.g. "RETURNED DIRECT DEBIT":
// it keeps the category of the payment it reverses.
func (in *input) reversed() bool {
	p := &in.p
	if !in.in || p.hasAny(feeWords) {
		return false
	}
	return p.hasAny(reversalWords) && (p.has("DIRECT") || p.has("DD") || p.has("DEBIT") || p.has("PAYMENT") ||
		p.has("REVERSAL") || p.has("RECALLED"))
}

// feeRule finds bank charges, overdraft costs and returned-payment fees.
func (in *input) feeRule() verdict {
	p := &in.p
	if in.in {
		return verdict{}
	}
	fee := p.hasAny(feeWords) && !p.hasPair("NO", "FEE")
	switch {
	case fee && (p.hasAny(reversalWords) || p.hasPair("PAID", "ITEM") || p.hasPair("ITEM", "FEE")):
		return say(ledger.FeesReturned, 0.95)
	case p.has("OVERDRAFT") || (p.has("OD") || p.hasPair("O", "D")) && (fee || p.has("INTEREST")) ||
		p.hasPair("DEBIT", "INTEREST") || p.hasPair("INTEREST", "CHARGED") || p.has("UNARRANGED") ||
		(p.has("ARRANGED") || p.has("BORROWING")) && fee:
		return say(ledger.FeesOverdraft, 0.95)
	case in.channel == ChannelInterest && p.has("INTEREST"):
		return say(ledger.FeesOverdraft, 0.88)
	}
	return verdict{}
}

// bankFeeRule finds other bank charges: account fees, foreign-use fees, cash fees.
func (in *input) bankFeeRule(h hit) verdict {
	p := &in.p
	if in.in || !p.hasAny(feeWords) || p.hasPair("NO", "FEE") {
		return verdict{}
	}
	if h.m == nil || h.m.role == roleBank || in.channel == ChannelFee {
		return say(ledger.FeesBank, 0.9)
	}
	return verdict{}
}

// interestRule finds interest, cashback and similar credits from the bank.
func (in *input) interestRule() verdict {
	p := &in.p
	if !in.in {
		return verdict{}
	}
	switch {
	case p.has("INTEREST") && (in.channel == ChannelInterest || p.has("GROSS") || p.has("PAID") || p.has("CREDIT") || p.nmatch <= 2):
		return say(ledger.IncomeOther, 0.95)
	case p.has("CASHBACK") || p.has("REWARDS") || p.hasPair("CASH", "BACK"):
		return say(ledger.IncomeOther, 0.9)
	case p.is(kInterest) && !p.is(kFeeOverdraft|kMortgage|kIncome):
		return say(ledger.IncomeOther, 0.9)
	}
	return verdict{}
}

// cashRule finds cash withdrawals and deposits.
func (in *input) cashRule() verdict {
	p := &in.p
	if in.in {
		deposit := p.has("DEPOSIT") || p.has("DEP") || p.has("LODGEMENT") || p.hasPair("PAID", "IN")
		atm := in.channel == ChannelATM && !p.is(kCashOut)
		if (in.channel == ChannelDeposit || atm ||
			deposit && (p.has("CASH") || p.has("CSH") || p.has("CDM") || p.has("MACHINE") || p.has("COUNTER") || p.has("BRANCH"))) &&
			!p.is(kOwnTransfer|kLoanPayout) {
			return say(ledger.CashDeposit, 0.95)
		}
		return verdict{}
	}
	first := ""
	if p.w.n > 0 {
		first = p.w.tok[0].text
	}
	atm := p.has("ATM") && !(in.channel == ChannelCard && p.lang > langEN) // ATM Milano is the transit company
	if in.channel == ChannelATM || atm || p.has("NOTEMACHINE") || p.has("CASHPOINT") ||
		p.hasPair("CASH", "WITHDRAWAL") || p.hasPair("CASH", "WDL") ||
		first == "CASH" && p.w.n > 1 && !p.has("CONVERTERS") && !p.has("GENERATOR") {
		return say(ledger.CashWithdrawal, 0.95)
	}
	return verdict{}
}

// pensionRule finds pensions and annuities paid in, unless a lender or the benefits agency paid.
func (in *input) pensionRule(h hit) verdict {
	if !in.in || !in.p.hasAny(pensionWords) {
		return verdict{}
	}
	if h.m != nil && (ledger.Primary(h.m.in) == "credit" || h.m.role == roleDWP) {
		return verdict{}
	}
	return say(ledger.IncomePension, 0.9)
}

// payrollRule finds wages paid out: only a business pays salaries.
func (in *input) payrollRule() verdict {
	if in.in || in.channel == ChannelCard || !(in.p.hasAny(salaryWords) || in.p.hasPair("NET", "PAY")) {
		return verdict{}
	}
	return say(ledger.BusinessPayroll, 0.88)
}

// ownAccountRule finds transfers that name no payee, only sort codes and account numbers.
func (in *input) ownAccountRule() verdict {
	if (in.channel == ChannelTransfer || in.channel == ChannelFasterPayment) && in.p.nkeep == 0 {
		return say(ledger.TransferOwn, 0.8)
	}
	return verdict{}
}

// refundRule finds refunds, claims and dividends from payees the dictionary does not know.
func (in *input) refundRule() verdict {
	if in.in && (in.p.hasAny(refundWords) || in.p.hasAny(otherIncomeWords)) {
		return say(ledger.IncomeOther, 0.88)
	}
	return verdict{}
}

// loanRule finds borrowed money arriving from lenders the dictionary does not know.
func (in *input) loanRule() verdict {
	if in.in && in.p.hasAny(loanWords) && !in.p.person() {
		return say(ledger.CreditInflow, 0.8)
	}
	return verdict{}
}

// topUpRule finds money moved in from the subject's own card or currency: "Top-up by *1234",
// "Exchanged to EUR".
func (in *input) topUpRule() verdict {
	p := &in.p
	if in.in && (p.hasPair("TOP", "UP") || p.has("TOPUP")) && (p.has("BY") || p.nkeep <= 2) ||
		p.has("EXCHANGED") || p.hasPair("CURRENCY", "EXCHANGE") {
		return say(ledger.TransferOwn, 0.88)
	}
	return verdict{}
}
