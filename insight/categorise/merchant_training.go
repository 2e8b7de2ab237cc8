package categorise

// TrainingMerchant is a merchant of the embedded dictionary as the offline
// training renders it into synthetic descriptions.
type TrainingMerchant struct {
	Aliases     []string // its first four aliases as the dictionary writes them, without "^"
	Out         string   // the code of money out
	DirectDebit string   // the code of money out by direct debit; "" when Out
	In          string   // the code of money in
	Weak        bool     // a generic word rather than a brand
	Lang        string   // the language of its country's statements ("en", "fr", …); "fr" and "nl" for Belgium's
	Langs       []string // every language of its country's statements
}

// TrainingMerchants returns the merchants of the embedded dictionary whose
// codes do not depend on the words around them (no bank, HMRC or benefits
// role), in the dictionary's order, without the common words that may not decide a risk
// category alone. It is the hook of insight/train.
func TrainingMerchants() ([]TrainingMerchant, error) {
	d, err := EmbeddedDictionary()
	if err != nil {
		return nil, err
	}
	var out []TrainingMerchant
	for id := range d.merchants {
		m := &d.merchants[id]
		if m.role != roleNone || len(d.texts[id]) == 0 {
			continue
		}
		t := TrainingMerchant{Aliases: d.texts[id], Out: m.out, DirectDebit: m.dd, In: m.in, Weak: m.weak}
		for l := langEN; l < langCount; l++ {
			if m.langs.has(l) {
				t.Langs = append(t.Langs, l.String())
			}
		}
		if len(t.Langs) > 0 {
			t.Lang = t.Langs[0]
		}
		out = append(out, t)
	}
	return out, nil
}
