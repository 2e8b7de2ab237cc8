package insight

// guess is the model's answer for a payee no rule or dictionary entry knows, kept to the
// codes that fit the direction of the money; without a model, a low-confidence default.
func (c *Categoriser) guess(in *input) verdict {
	if c.model != nil {
		if class, prob := c.model.predict(in); class >= 0 {
			return say(CategoryAt(class), prob)
		}
	}
	switch {
	case in.in:
		return say(IncomeOther, 0.3)
	case in.channel == ChannelCard:
		return say(LivingShopping, 0.3)
	}
	return say(TransferOut, 0.3)
}

// inflowClass reports whether money in may carry a class; the others are money out.
func inflowClass(class int) bool {
	switch CategoryAt(class) {
	case IncomeSalary, IncomeBenefits, IncomePension, IncomeOther, TransferIn, TransferOwn, CreditInflow,
		CashDeposit, BusinessRevenue, BusinessCardSettlement, Gambling:
		return true
	}
	return false
}

// outflowClass reports whether money out may carry a class.
func outflowClass(class int) bool {
	switch CategoryAt(class) {
	case IncomeSalary, IncomeBenefits, IncomePension, IncomeOther, TransferIn, CreditInflow, CashDeposit,
		BusinessRevenue, BusinessCardSettlement:
		return false
	}
	return true
}
