package categorise

import (
	"fmt"
	"strings"

	"openbank/insight/ledger"
)

// merchantOf builds an entry from its category, name and options columns.
func merchantOf(cols []string) (merchant, error) {
	m := merchant{name: cols[1]}
	switch cols[0] {
	case "@bank":
		m.role, m.out, m.in = roleBank, ledger.CreditCard, ledger.TransferOwn
	case "@hmrc":
		m.role, m.out, m.in = roleHMRC, ledger.TaxesPersonal, ledger.IncomeOther
	case "@dwp":
		m.role, m.out, m.in = roleDWP, ledger.IncomeBenefits, ledger.IncomeBenefits
	default:
		if !ledger.Valid(cols[0]) {
			return m, fmt.Errorf("unknown category %q", cols[0])
		}
		m.out, m.in = cols[0], defaultIn(cols[0])
	}
	if len(cols) > 3 {
		if err := m.setOptions(strings.Fields(cols[3])); err != nil {
			return m, err
		}
	}
	return m, nil
}

// setOptions applies "key=CODE" and "weak" options.
func (m *merchant) setOptions(opts []string) error {
	for _, o := range opts {
		if o == "weak" {
			m.weak = true
			continue
		}
		key, code, ok := strings.Cut(o, "=")
		if !ok || !ledger.Valid(code) {
			return fmt.Errorf("bad option %q", o)
		}
		switch key {
		case "in":
			m.in = code
		case "out":
			m.out = code
		case "dd":
			m.dd = code
		case "biz":
			m.biz = code
		case "bizin":
			m.bizIn = code
		case "con":
			m.con = code
		default:
			return fmt.Errorf("unknown option %q", o)
		}
	}
	return nil
}

// defaultIn is the category of money arriving from a merchant whose spending category is
// code: refunds from shops, loan payouts from lenders, the same code for income.
func defaultIn(code string) string {
	switch ledger.Primary(code) {
	case "income":
		return code
	case "credit":
		return ledger.CreditInflow
	}
	switch code {
	case ledger.TransferOwn, ledger.Gambling, ledger.BusinessCardSettlement, ledger.BusinessRevenue, ledger.CashDeposit:
		return code
	}
	return ledger.IncomeOther
}
