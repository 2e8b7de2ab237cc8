package categorise

import (
	"strings"

	"openbank/insight/ledger"
)

// decide runs the steps in order: client override, own-account transfer, bank rules,
// council, dictionary, payment rules, generic words, model; then the threshold.
func (c *Categoriser) decide(in *input) Result {
	r := Result{Channel: in.channel, Key: in.key}
	if code, ok := in.override(r.Key); ok {
		return r.with(code, 1, SourceOverride)
	}
	h := c.dict.find(&in.p)
	if h.m == nil || h.m.weak {
		h = c.counterpartyHit(in, h)
	}
	if in.ownTransfer() {
		if !in.in && (in.channel == ChannelDirectDebit || h.m != nil && h.m.out == ledger.CreditCard) {
			return r.with(ledger.CreditCard, 0.95, SourceRule)
		}
		return r.with(ledger.TransferOwn, 0.97, SourceRule)
	}
	if v := in.earlyRules(h); v.ok {
		return c.settle(r, v, SourceRule, in.kind)
	}
	if h.m != nil && !h.m.weak {
		r.Merchant = h.m.name
		return c.settle(r, in.resolve(h), SourceDictionary, in.kind)
	}
	if v := in.lateRules(h); v.ok {
		return c.settle(r, v, SourceRule, in.kind)
	}
	if h.m != nil {
		return c.settle(r, in.resolve(h), SourceDictionary, in.kind)
	}
	return c.settle(r, c.guess(in), SourceModel, in.kind)
}

// earlyRules are the rules that win over the dictionary.
func (in *input) earlyRules(h hit) verdict {
	for _, rule := range [...]func() verdict{in.feeRule, in.kindFeeRule} {
		if v := rule(); v.ok {
			return v
		}
	}
	for _, rule := range [...]func(hit) verdict{in.bankFeeRule, in.kindBankFeeRule} {
		if v := rule(h); v.ok {
			return v
		}
	}
	for _, rule := range [...]func() verdict{in.cashRule, in.interestRule, in.kindSettlementRule, in.invoiceRule,
		in.councilRule, in.kindTaxRule, in.kindRentRule} {
		if v := rule(); v.ok {
			return v
		}
	}
	for _, rule := range [...]func(hit) verdict{in.kindIncomeRule, in.salaryRule, in.pensionRule, in.kindCreditRule} {
		if v := rule(h); v.ok {
			return v
		}
	}
	for _, rule := range [...]func() verdict{in.kindOwnRule, in.kindRefundRule, in.kindPayrollRule} {
		if v := rule(); v.ok {
			return v
		}
	}
	return in.payrollRule()
}

// lateRules are the rules for payees the dictionary does not know as brands.
func (in *input) lateRules(h hit) verdict {
	if v := in.refundRule(); v.ok {
		return v
	}
	for _, rule := range [...]func() verdict{in.ownAccountRule, in.topUpRule, in.loanRule, in.kindCharityRule,
		in.kindEducationRule} {
		if v := rule(); v.ok {
			return v
		}
	}
	if h.m != nil && h.m.out == ledger.BusinessRent {
		return verdict{}
	}
	return in.paymentRule(h)
}

// resolve is a dictionary merchant's category for this transaction.
func (in *input) resolve(h hit) verdict {
	m := h.m
	out := !in.in || in.reversed()
	switch m.role {
	case roleBank:
		return in.bankRole(m, out)
	case roleHMRC:
		return in.hmrcRole(out)
	case roleDWP:
		return in.dwpRole()
	}
	conf := 0.95
	if m.weak {
		conf = 0.88
	}
	if !out && m.in == ledger.IncomeOther && m.out != ledger.IncomeOther {
		conf -= 0.1
	}
	return say(in.merchantCode(m, out), conf)
}

// settle applies the threshold: a weak guess falls back to its primary's "other" leaf; and
// a consumer's transaction never takes a business code.
func (c *Categoriser) settle(r Result, v verdict, src Source, kind Kind) Result {
	if !v.ok || !ledger.Valid(v.code) {
		v = say(ledger.IncomeOther, 0)
	}
	if v.conf < c.threshold {
		if other := ledger.OtherLeaf(v.code); other != "" {
			v.code = other
		}
	}
	if kind == KindConsumer {
		v.code = consumerCode(v.code)
	}
	return r.with(v.code, v.conf, src)
}

// consumerCode is the code a consumer's transaction takes for a business code: a
// customer's or card acquirer's money is income, wages paid a transfer to a person,
// business taxes and rent the household's, suppliers and services shopping.
func consumerCode(code string) string {
	switch code {
	case ledger.BusinessRevenue, ledger.BusinessCardSettlement:
		return ledger.IncomeOther
	case ledger.BusinessPayroll:
		return ledger.TransferOut
	case ledger.BusinessTax:
		return ledger.TaxesPersonal
	case ledger.BusinessRent:
		return ledger.HousingRent
	case ledger.BusinessSuppliers, ledger.BusinessServices:
		return ledger.LivingShopping
	}
	return code
}

// with sets the category, confidence and source.
func (r Result) with(code string, conf float64, src Source) Result {
	r.Category, r.Confidence, r.Source = code, min(max(conf, 0), 1), src
	return r
}

// counterpartyHit reads the bank's counterparty name when the description
// names no known merchant: PSD2 feeds often give the creditor or debtor
// only there ("Rechnung 4711" from "Stadtwerke Muenchen"). A brand found in
// the name wins over h, the description's weak word or nothing.
func (c *Categoriser) counterpartyHit(in *input, h hit) hit {
	name := in.tx.Counterparty
	if strings.TrimSpace(name) == "" || name == readText(in.tx) {
		return h
	}
	var cp parsed
	cp.parse(name)
	if hc := c.dict.find(&cp); hc.m != nil && !hc.m.weak {
		return hc
	}
	return h
}
