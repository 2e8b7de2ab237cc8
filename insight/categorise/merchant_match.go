package categorise

import "openbank/insight/ledger"

// hit is a dictionary merchant found in a description.
type hit struct {
	m     *merchant
	at    int // first payee word of the alias
	words int // words in the alias
}

// find returns the best merchant among the payee's words: any brand before a generic
// word, then the longest alias, then the earliest.
func (d *Dictionary) find(p *parsed) hit {
	var best hit
	for si := 0; si < p.nmatch; si++ {
		h := aliasSeed
		for j := si; j < p.nmatch && j-si < d.maxWords; j++ {
			h = hashWord(h, p.w.tok[p.match[j]].text)
			a, ok := d.aliases[h]
			if !ok || int(a.words) != j-si+1 || a.start && si != 0 {
				continue
			}
			m := d.choose(a, p)
			if m == nil {
				continue
			}
			if best.better(m, j-si+1) || si == 0 && m.out == ledger.CreditBNPL {
				best = hit{m: m, at: si, words: j - si + 1}
			}
		}
	}
	return best
}

// choose returns the merchant an alias found in a line means: among the alternatives of
// its words that may match there, the one of the line's language, else the only one, else
// those that mean the same; nil when none may or they disagree.
func (d *Dictionary) choose(a alias, p *parsed) *merchant {
	var first *merchant
	agree := true
	l := p.lang
	for {
		if d.usable(&a, p) {
			m := &d.merchants[a.merchant]
			if l != langUnknown && m.langs.has(l) {
				return m
			}
			if first == nil {
				first = m
			} else if m.out != first.out || m.in != first.in {
				agree = false
			}
		}
		if a.alt < 0 {
			break
		}
		a = d.alts[a.alt]
	}
	if !agree {
		return nil
	}
	return first
}

// usable reports whether an alias may match in a line: a common word decides a risk
// category only with a word of that risk beside it ("TOTO UITBETALING WINST", "ONCE CUPON"),
// and matches nowhere its word is common, unless in its own file's language.
func (d *Dictionary) usable(a *alias, p *parsed) bool {
	if a.common == 0 {
		return true
	}
	if a.riskAlone(d) {
		return p.is(riskSupport(&d.merchants[a.merchant]))
	}
	return !a.common.has(p.lang) || d.merchants[a.merchant].langs.has(p.lang)
}

// riskSupport are the kinds of words that back a common word's risk category.
func riskSupport(m *merchant) kinds {
	switch m.out {
	case ledger.Gambling:
		return kGambling
	case ledger.CreditPayday:
		return kPayday
	}
	return kFee | kFeeOverdraft | kFeeReturned
}

// better reports whether merchant m found over n words beats the current best.
func (h *hit) better(m *merchant, n int) bool {
	switch {
	case h.m == nil:
		return true
	case h.at == 0 && h.m.out == ledger.CreditBNPL:
		return false
	case h.m.weak != m.weak:
		return !m.weak
	}
	return n > h.words
}
