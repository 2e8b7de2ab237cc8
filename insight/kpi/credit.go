package kpi

// creditKPIs describes repayments, new borrowing and collections in a span.
func (b *book) creditKPIs(t *tally, income *IncomeKPIs) CreditKPIs {
	out := CreditKPIs{Repayments: map[string]int64{}, NewCreditCount: t.count[codeCreditInflow],
		NewCreditAmount: t.sum[codeCreditInflow], BNPLCount: t.count[codeBNPL],
		DebtCollection: t.debts, DebtCollected: t.debtSum}
	for c := codeCreditFirst; c <= codeCreditLast; c++ {
		if t.count[c] > 0 {
			out.Repayments[kpiCodes[c].code] = -t.sum[c]
			out.Total -= t.sum[c]
		}
	}
	out.ShareOfIncome = round2(income.ShareOf(out.Total))
	out.PaydayCount = t.count[codePayday] + b.paydayLoans(t.s)
	out.Lenders = b.lenders(t.s)
	return out
}

// lenders counts the parties repaid or lending in a span, credit cards and
// mortgages included.
func (b *book) lenders(s span) int {
	seen := map[string]bool{}
	for i := s.lo; i < s.hi; i++ {
		e := &b.entries[i]
		if isCredit(e.code) {
			seen[e.payer] = true
		}
	}
	return len(seen)
}

// paydayLoans counts new loans from the lenders that are repaid as payday loans.
func (b *book) paydayLoans(s span) int {
	payday := map[string]bool{}
	for i := range b.entries {
		if b.entries[i].code == codePayday {
			payday[b.entries[i].payer] = true
		}
	}
	n := 0
	for i := s.lo; i < s.hi; i++ {
		if e := &b.entries[i]; e.code == codeCreditInflow && payday[e.payer] {
			n++
		}
	}
	return n
}
