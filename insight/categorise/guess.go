package categorise

import "openbank/insight/ledger"

// guess is the model's answer for a payee no rule or dictionary entry knows, kept to the
// codes that fit the direction of the money, with the calibrated confidence of its
// probability; without a model, a low-confidence default.
func (c *Categoriser) guess(in *input) verdict {
	if c.model != nil {
		if class, prob := c.model.predict(in); class >= 0 {
			return say(ledger.CategoryAt(class), c.model.calibrated(prob, in.p.lang))
		}
	}
	switch {
	case in.in:
		return say(ledger.IncomeOther, 0.3)
	case in.channel == ChannelCard:
		return say(ledger.LivingShopping, 0.3)
	}
	return say(ledger.TransferOut, 0.3)
}

// inflowClass reports whether money in may carry a class; the others are money out.
func inflowClass(class int) bool {
	switch ledger.CategoryAt(class) {
	case ledger.IncomeSalary, ledger.IncomeBenefits, ledger.IncomePension, ledger.IncomeOther, ledger.TransferIn, ledger.TransferOwn, ledger.CreditInflow,
		ledger.CashDeposit, ledger.BusinessRevenue, ledger.BusinessCardSettlement, ledger.Gambling:
		return true
	}
	return false
}

// outflowClass reports whether money out may carry a class.
func outflowClass(class int) bool {
	switch ledger.CategoryAt(class) {
	case ledger.IncomeSalary, ledger.IncomeBenefits, ledger.IncomePension, ledger.IncomeOther, ledger.TransferIn, ledger.CreditInflow, ledger.CashDeposit,
		ledger.BusinessRevenue, ledger.BusinessCardSettlement:
		return false
	}
	return true
}
