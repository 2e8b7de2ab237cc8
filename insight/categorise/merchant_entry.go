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

// addAlias indexes one alias of merchant id.
func (d *Dictionary) addAlias(text string, id int32) error {
	a := alias{merchant: id}
	if strings.HasPrefix(text, "^") {
		a.start, text = true, text[1:]
	}
	var p parsed
	tokenise(text, &p.w)
	if p.w.n == 0 {
		return fmt.Errorf("empty alias in %q", d.merchants[id].name)
	}
	h := aliasSeed
	for i := 0; i < p.w.n; i++ {
		if p.noise(i) {
			return fmt.Errorf("alias %q: word %q is dropped from descriptions", text, p.w.tok[i].text)
		}
		h = hashWord(h, p.w.tok[i].text)
	}
	if prev, dup := d.aliases[h]; dup {
		return fmt.Errorf("alias %q of %q is already %q", text, d.merchants[id].name, d.merchants[prev.merchant].name)
	}
	a.words = uint8(p.w.n)
	d.aliases[h] = a
	d.maxWords = max(d.maxWords, p.w.n)
	return nil
}

// aliasSeed starts the hash of a run of words.
const aliasSeed uint64 = 14695981039346656037

// hashWord extends a run's FNV-1a hash with one word and a separator.
func hashWord(h uint64, w string) uint64 {
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	h ^= 0x1f
	h *= 1099511628211
	return h
}
