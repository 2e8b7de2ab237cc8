package categorise

import "openbank/insight/ledger"

// salaryRule finds wages: money in with pay words, unless a benefits or pension payer sent it.
func (in *input) salaryRule(h hit) verdict {
	if !in.in || in.channel == ChannelCard {
		return verdict{}
	}
	if h.m != nil && !h.m.weak && (h.m.in == ledger.IncomeBenefits || h.m.in == ledger.IncomePension || h.m.role == roleDWP || h.m.role == roleHMRC ||
		h.m.in == ledger.BusinessCardSettlement || ledger.Primary(h.m.in) == "credit") {
		return verdict{}
	}
	p := &in.p
	if p.hasAny(salaryWords) || p.refPay() {
		return say(ledger.IncomeSalary, 0.9)
	}
	return verdict{}
}

// refPay reports a pay reference such as "PAY WK12", "WK 12", "MONTHLY PAY" or "PAY".
func (p *parsed) refPay() bool {
	for i := 0; i < p.w.n; i++ {
		t := p.w.tok[i].text
		if prefixIn(t, weekWords) || weekWords[t] && i+1 < p.w.n && p.w.tok[i+1].digits > 0 {
			return true
		}
		if t == "PAY" && (i >= p.refLo && i < p.refHi || i+1 == p.w.n || i > 0 && p.w.tok[i-1].text == "NET") {
			return true
		}
	}
	return false
}

var weekWords = setOf("WK", "WEEK", "MTH", "MONTH", "M", "P")

// invoiceRule finds customers paying a business's invoices.
func (in *input) invoiceRule() verdict {
	p := &in.p
	if in.in && (p.invoice() || p.is(kInvoice) && !p.is(kRefund|kReturned|kIncome)) {
		return say(ledger.BusinessRevenue, 0.88)
	}
	return verdict{}
}

// invoice reports invoice, purchase-order or remittance words anywhere, e.g. "INV 1043", "INV00231".
func (p *parsed) invoice() bool {
	for i := 0; i < p.w.n; i++ {
		t := p.w.tok[i].text
		if invoiceWords[t] || prefixIn(t, invoiceWords) {
			return true
		}
	}
	return false
}

// councilRule reads a payment to or from a local council.
func (in *input) councilRule() verdict {
	p := &in.p
	if !p.council() {
		return verdict{}
	}
	out := !in.in || in.reversed()
	switch {
	case out && (p.has("PARKING") || p.has("PCN") || p.has("PENALTY")):
		return say(ledger.LivingTransport, 0.88)
	case out && p.hasAny(rentWords):
		return say(in.merchantCode(&merchant{out: ledger.HousingRent}, true), 0.88)
	case out && (p.has("RATES") || p.has("NNDR") || p.has("BUSINESS")):
		return say(ledger.BusinessTax, 0.9)
	case out:
		return say(in.merchantCode(&merchant{out: ledger.HousingCouncilTax}, true), 0.9)
	case in.kind == KindBusiness:
		return say(ledger.BusinessRevenue, 0.8)
	case p.hasAny(salaryWords) || in.recurring && in.channel == ChannelBankGiroCredit:
		return say(ledger.IncomeSalary, 0.8)
	case p.has("BENEFIT") || p.has("HB") || p.has("GRANT") || p.has("SUPPORT") || p.has("ALLOWANCE"):
		return say(ledger.IncomeBenefits, 0.88)
	}
	return say(ledger.IncomeOther, 0.6)
}

// council reports a local authority payee: "… COUNCIL", "… BOROUGH", "CITY OF …", "… MBC".
func (p *parsed) council() bool {
	if p.payeeHas(councilWords) {
		return true
	}
	if p.nkeep >= 2 {
		first, last := p.w.tok[p.keep[0]].text, p.w.tok[p.keep[p.nkeep-1]].text
		if first == "CITY" && p.w.tok[p.keep[1]].text == "OF" || last == "CC" || last == "DC" || last == "BC" {
			return true
		}
	}
	return false
}

// paymentRule categorises transfers the dictionary does not know by who is on the other side.
func (in *input) paymentRule(h hit) verdict {
	if in.channel == ChannelCard {
		return verdict{}
	}
	p := &in.p
	person, company := p.person() || p.personChannel(), p.company() && h.m == nil
	if !person && !company && h.m == nil && in.channel != ChannelOther && in.channel != ChannelDirectDebit {
		person = p.nameShaped()
	}
	if in.in {
		switch {
		case in.business() && company:
			return say(ledger.BusinessRevenue, 0.88)
		case person && in.kind == KindBusiness:
			return say(ledger.BusinessRevenue, 0.6)
		case person:
			return say(ledger.TransferIn, 0.88)
		case company && in.channel == ChannelBankGiroCredit && in.kind != KindBusiness:
			return say(ledger.IncomeSalary, 0.7)
		case p.is(kPerson) && !company && h.m == nil:
			return say(ledger.TransferIn, 0.6)
		}
		return verdict{}
	}
	switch {
	case p.hasAny(rentWords) && p.hasAny(premisesWords):
		return say(ledger.BusinessRent, 0.88)
	case p.hasAny(rentWords):
		return say(in.merchantCode(&merchant{out: ledger.HousingRent}, true), 0.88)
	case in.business() && (p.hasAny(salaryWords) || p.refPay()):
		return say(ledger.BusinessPayroll, 0.88)
	case p.invoice() || p.is(kInvoice) && in.channel == ChannelTransfer && h.m == nil || in.business() && company:
		return say(ledger.BusinessSuppliers, 0.75)
	case person:
		return say(ledger.TransferOut, 0.88)
	case p.is(kPerson) && !company && h.m == nil:
		return say(ledger.TransferOut, 0.6)
	}
	return verdict{}
}
