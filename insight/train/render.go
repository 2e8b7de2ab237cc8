package train

import (
	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

// merchantExamples renders one alias of a merchant: money out in its channel's formats and,
// now and then, money in.
func (r *renderer) merchantExamples(m *categorise.TrainingMerchant, alias string) []Example {
	var out []Example
	method, formats := r.formatsFor(m.Out)
	for k := 0; k < 3; k++ {
		code := m.Out
		if m.DirectDebit != "" && method == "direct_debit" {
			code = m.DirectDebit
		}
		desc := r.fill(r.pick(formats), alias)
		out = append(out, Example{Description: desc, Amount: r.amount(code, true), Category: code})
	}
	if m.In != ledger.IncomeOther || r.rng.IntN(4) == 0 {
		_, formats := r.formatsFor(m.In)
		desc := r.fill(r.pick(formats), alias)
		if m.In == ledger.IncomeOther && r.rng.IntN(2) == 0 {
			desc = "REFUND " + desc
		}
		out = append(out, Example{Description: desc, Amount: r.amount(m.In, false), Category: m.In})
	}
	if m.Weak {
		out = append(out, r.genericNames(m, alias, formats)...)
	}
	return out
}

// genericNames puts a generic word inside invented names: "HARRIS PHARMACY", "THE OAK TAXIS".
func (r *renderer) genericNames(m *categorise.TrainingMerchant, word string, formats []string) []Example {
	out := make([]Example, 0, 6)
	for k := 0; k < 6; k++ {
		var name string
		switch k % 3 {
		case 0:
			name = r.pick(renderSurnames) + " " + word
		case 1:
			name = "THE " + r.pick(renderAdjectives) + " " + word
		default:
			name = r.pick(renderPlaces) + " " + word
		}
		desc := r.fill(r.pick(formats), name)
		out = append(out, Example{Description: desc, Amount: r.amount(m.Out, true), Category: m.Out})
	}
	return out
}

// peopleExamples renders transfers between people and wages from invented employers.
func (r *renderer) peopleExamples() []Example {
	var out []Example
	for k := 0; k < 600; k++ {
		person := r.pick(renderInitials) + " " + r.pick(renderSurnames)
		if k%3 == 0 {
			person = r.pick(renderFirstNames) + " " + r.pick(renderSurnames)
		}
		ref := r.pick(renderPersonRefs)
		out = append(out,
			Example{Description: r.fill(r.pick(renderTransferOut), person) + " " + ref, Amount: r.amount(ledger.TransferOut, true), Category: ledger.TransferOut},
			Example{Description: r.fill(r.pick(renderTransferIn), person) + " " + ref, Amount: r.amount(ledger.TransferIn, false), Category: ledger.TransferIn})
		company := r.pick(renderSurnames) + " " + r.pick(renderCompanyWords) + " LTD"
		out = append(out,
			Example{Description: r.fill(r.pick(renderSalary), company), Amount: r.amount(ledger.IncomeSalary, false), Category: ledger.IncomeSalary},
			Example{Description: r.fill(r.pick(renderInvoiceIn), company), Amount: r.amount(ledger.BusinessRevenue, false), Category: ledger.BusinessRevenue},
			Example{Description: r.fill(r.pick(renderInvoiceOut), company), Amount: r.amount(ledger.BusinessSuppliers, true), Category: ledger.BusinessSuppliers})
	}
	return out
}

// formatsFor chooses the channel a code is usually paid by and that channel's formats.
func (r *renderer) formatsFor(code string) (string, []string) {
	switch code {
	case ledger.HousingUtilities, ledger.HousingTelecom, ledger.HousingCouncilTax, ledger.LivingInsurance, ledger.CreditMortgage, ledger.CreditLoan,
		ledger.CreditCard, ledger.CreditStudent, ledger.CreditPayday:
		if r.rng.IntN(5) == 0 {
			return "card", renderCard
		}
		return "direct_debit", renderDirectDebit
	case ledger.HousingRent, ledger.BusinessRent, ledger.TransferOwn, ledger.TransferOut, ledger.BusinessSuppliers, ledger.BusinessPayroll, ledger.BusinessTax:
		return "faster_payment", renderTransferOut
	case ledger.IncomeSalary, ledger.IncomeBenefits, ledger.IncomePension, ledger.BusinessCardSettlement, ledger.CreditInflow, ledger.BusinessRevenue:
		return "bacs", renderCredit
	case ledger.IncomeOther, ledger.TransferIn:
		return "faster_payment", renderTransferIn
	}
	return "card", renderCard
}
