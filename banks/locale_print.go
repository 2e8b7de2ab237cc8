package banks

import "strings"

// print prints one transaction again in the persona's country: its party,
// description, reference, currency and the IBAN of an own account.
func (r *renderer) print(tx *Transaction) {
	tx.Currency = "EUR"
	if a, ok := r.ibans[tx.CounterpartyAccount]; ok {
		tx.CounterpartyAccount = a
	}
	ro := roleOf(tx)
	k := mix(r.seed, hashString(tx.Reference+tx.Counterparty))
	p := &line{date: tx.TransactionDate, card: r.card, ref: digitsOf(tx.Reference, k), city: r.cityOf("home")}
	if mix(r.seed, hashString(tx.ID))%10 == 0 {
		p.city = r.cityOf(tx.ID)
	}
	if ro != rNone {
		p.party = r.localName(ro, tx.Counterparty)
		p.iban = r.loc.iban(hashString(p.party))
	}
	p.purpose = r.loc.words(wordOf(tx, ro), tx.TransactionDate, p.ref, k)
	kind := kindOf(tx)
	switch kind {
	case returnedFee, refusedFee:
		_, payee, _ := strings.Cut(tx.Description, " FEE ")
		p.party = r.localName(britishRoles[payee], payee)
	case atmWithdrawal:
		p.party = r.localName(rATM, tx.Counterparty)
	}
	tx.Description = r.printLine(kind, p)
	tx.Counterparty, tx.Reference = "", ""
	switch kind {
	case directDebit, returnedDebit, standingOrder, transferOut, transferIn:
		tx.Counterparty, tx.Reference = p.party, p.purpose
	case cardPayment, cardRefund:
		tx.Counterparty = p.party
	}
	if tx.TrueCategory == "credit.payday" && !r.loc.payday {
		tx.TrueCategory = "credit.loan"
	}
}

// kindOf says which kind of statement line prints a British transaction.
func kindOf(tx *Transaction) lineKind {
	switch tx.Method {
	case Card:
		if tx.Amount > 0 {
			return cardRefund
		}
		return cardPayment
	case ATM:
		return atmWithdrawal
	case Cash:
		return cashDeposit
	case DirectDebit:
		if tx.Amount > 0 {
			return returnedDebit
		}
		return directDebit
	case StandingOrder:
		return standingOrder
	case Fee:
		return feeKind(tx)
	case Interest:
		switch {
		case tx.Amount > 0:
			return creditInterest
		case tx.Reference == penaltyRef:
			return penaltyInterest
		}
		return overdraftInterest
	}
	if tx.Amount > 0 {
		return transferIn
	}
	return transferOut
}

// feeKind tells the bank's charges apart.
func feeKind(tx *Transaction) lineKind {
	switch {
	case tx.TrueCategory == "fees.overdraft":
		return unarrangedFee
	case strings.HasPrefix(tx.Description, "REFUSED"):
		return refusedFee
	case tx.TrueCategory == "fees.returned":
		return returnedFee
	}
	return accountFee
}

// digitsOf keeps the digits of a British reference, or draws eight from k.
func digitsOf(ref string, k uint64) string {
	var b strings.Builder
	for _, c := range ref {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	if b.Len() >= 4 {
		return b.String()
	}
	return itoa(int(10000000 + k%90000000))
}
