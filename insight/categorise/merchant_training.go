package categorise

import "strings"

// TrainingMerchant is a merchant of the embedded dictionary as the offline
// training renders it into synthetic descriptions.
type TrainingMerchant struct {
	Aliases     []string // its first four aliases as merchants.tsv writes them, without "^"
	Out         string   // the code of money out
	DirectDebit string   // the code of money out by direct debit; "" when Out
	In          string   // the code of money in
	Weak        bool     // a generic word rather than a brand
}

// TrainingMerchants returns the merchants of the embedded dictionary whose
// codes do not depend on the words around them (no bank, HMRC or benefits
// role), in the dictionary's order. It is the hook of insight/train.
func TrainingMerchants() ([]TrainingMerchant, error) {
	d, err := EmbeddedDictionary()
	if err != nil {
		return nil, err
	}
	aliases := d.aliasTexts()
	var out []TrainingMerchant
	for id := range d.merchants {
		m := &d.merchants[id]
		if m.role != roleNone {
			continue
		}
		out = append(out, TrainingMerchant{Aliases: aliases[id], Out: m.out, DirectDebit: m.dd, In: m.in, Weak: m.weak})
	}
	return out, nil
}

// aliasTexts lists each merchant's aliases as text, at most four per merchant.
func (d *Dictionary) aliasTexts() [][]string {
	out := make([][]string, len(d.merchants))
	for _, line := range strings.Split(merchantsTSV, "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) < 3 || line[0] == '#' {
			continue
		}
		id := d.merchantNamed(cols[1])
		if id < 0 {
			continue
		}
		for i, a := range strings.Split(cols[2], "|") {
			if i < 4 {
				out[id] = append(out[id], strings.TrimPrefix(a, "^"))
			}
		}
	}
	return out
}

// merchantNamed returns the index of the first merchant with a display name, or -1.
func (d *Dictionary) merchantNamed(name string) int {
	for i := range d.merchants {
		if d.merchants[i].name == name {
			return i
		}
	}
	return -1
}
