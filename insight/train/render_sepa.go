package train

import (
	"fmt"
	"strings"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

// sepaExamples renders one alias of a continental merchant in its country's formats: money
// out in its channel's formats and, now and then, money in.
func (r *renderer) sepaExamples(m *categorise.TrainingMerchant, alias string, st *sepaStyle) []Example {
	var out []Example
	method, formats := r.sepaFormatsFor(m.Out, st)
	for k := 0; k < 3; k++ {
		code := m.Out
		if m.DirectDebit != "" && method == "direct_debit" {
			code = m.DirectDebit
		}
		out = append(out, Example{Description: r.fillSEPA(r.pick(formats), alias, st, r.pick(st.refs)),
			Amount: r.amount(code, true), Category: code})
	}
	if m.In != ledger.IncomeOther || r.rng.IntN(4) == 0 {
		_, formats := r.sepaFormatsFor(m.In, st)
		out = append(out, Example{Description: r.fillSEPA(r.pick(formats), alias, st, r.pick(st.refs)),
			Amount: r.amount(m.In, false), Category: m.In})
	}
	if m.Weak {
		for k := 0; k < 4; k++ {
			name := r.pick(st.surnames) + " " + alias
			if k%2 == 1 {
				name = alias + " " + r.pick(st.places)
			}
			out = append(out, Example{Description: r.fillSEPA(r.pick(formats), name, st, ""),
				Amount: r.amount(m.Out, true), Category: m.Out})
		}
	}
	return out
}

// sepaPeopleExamples renders, in one country's formats, transfers between people, wages from
// invented employers and to invented staff, and invoices paid and received.
func (r *renderer) sepaPeopleExamples(st *sepaStyle) []Example {
	var out []Example
	for k := 0; k < 150; k++ {
		person := r.pick(st.firstNames) + " " + r.pick(st.surnames)
		company := r.pick(st.surnames) + " " + r.pick(st.companyWords) + " " + r.pick(st.legal)
		ref := r.pick(st.personRefs)
		salary := r.pick(st.salaryRefs)
		out = append(out,
			Example{Description: r.fillSEPA(r.pick(st.personOut), person, st, ref), Amount: r.amount(ledger.TransferOut, true), Category: ledger.TransferOut},
			Example{Description: r.fillSEPA(r.pick(st.personIn), person, st, ref), Amount: r.amount(ledger.TransferIn, false), Category: ledger.TransferIn},
			Example{Description: r.fillSEPA(r.pick(st.salary), company, st, salary), Amount: r.amount(ledger.IncomeSalary, false), Category: ledger.IncomeSalary},
			Example{Description: r.fillSEPA(r.pick(st.invoiceIn), company, st, ""), Amount: r.amount(ledger.BusinessRevenue, false), Category: ledger.BusinessRevenue},
			Example{Description: r.fillSEPA(r.pick(st.invoiceOut), company, st, ""), Amount: r.amount(ledger.BusinessSuppliers, true), Category: ledger.BusinessSuppliers},
			Example{Description: r.fillSEPA(r.pick(st.payroll), person, st, salary), Amount: r.amount(ledger.BusinessPayroll, true), Category: ledger.BusinessPayroll})
	}
	return out
}

// sepaFormatsFor chooses the channel a code is usually paid by in a country and its formats.
func (r *renderer) sepaFormatsFor(code string, st *sepaStyle) (string, []string) {
	method, _ := r.formatsFor(code)
	switch method {
	case "direct_debit":
		return method, st.directDebit
	case "faster_payment":
		if code == ledger.IncomeOther || code == ledger.TransferIn {
			return method, st.transferIn
		}
		return method, st.transferOut
	case "bacs":
		return method, st.transferIn
	}
	return method, st.card
}

// fillSEPA replaces the placeholders of a continental format: those of fill, and {P} the
// purpose, {S} a pay reference, {DM} "12/03", {DMY} "120324", {DOT} "12.03.24", {DSLASH}
// "13/03/24", {DASH} "12-03-2024", {ISO} a timestamp, {EXP} a card's expiry, {HM} a time,
// {AMT} an amount, {NN} and {NNN} two and three digits, {MONTH}, {MM} and {YEAR}.
func (r *renderer) fillSEPA(format, payee string, st *sepaStyle, purpose string) string {
	day, month, year := 1+r.rng.IntN(28), 1+r.rng.IntN(12), 2023+r.rng.IntN(3)
	s := strings.NewReplacer("{P}", purpose, "{S}", purpose).Replace(format)
	s = strings.NewReplacer(
		"{DMY}", fmt.Sprintf("%02d%02d%02d", day, month, year%100),
		"{DM}", fmt.Sprintf("%02d/%02d", day, month),
		"{DOT}", fmt.Sprintf("%02d.%02d.%02d", day, month, year%100),
		"{DSLASH}", fmt.Sprintf("%02d/%02d/%02d", day, month, year%100),
		"{DASH}", fmt.Sprintf("%02d-%02d-%d", day, month, year),
		"{ISO}", fmt.Sprintf("%d-%02d-%02dT%02d:%02d:%02d", year, month, day, r.rng.IntN(24), r.rng.IntN(60), r.rng.IntN(60)),
		"{EXP}", fmt.Sprintf("%d-%02d", year+3, 1+r.rng.IntN(12)),
		"{HM}", fmt.Sprintf("%02d:%02d", r.rng.IntN(24), r.rng.IntN(60)),
		"{AMT}", fmt.Sprintf("%d,%02d", 1+r.rng.IntN(200), r.rng.IntN(100)),
		"{NNN}", r.digits(3), "{NN}", r.digits(2),
		"{MONTH}", st.months[month-1], "{MM}", fmt.Sprintf("%02d", month), "{YEAR}", fmt.Sprint(year),
	).Replace(s)
	s = strings.ReplaceAll(s, "{C}", r.pick(st.places))
	return strings.Join(strings.Fields(r.fill(s, payee)), " ")
}
