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
			m := &d.merchants[a.merchant]
			if best.better(m, j-si+1) || si == 0 && m.out == ledger.CreditBNPL {
				best = hit{m: m, at: si, words: j - si + 1}
			}
		}
	}
	return best
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

// words of a parsed description, searched by the rules.

// has reports whether any word of the description is w.
func (p *parsed) has(w string) bool {
	for i := 0; i < p.w.n; i++ {
		if p.w.tok[i].text == w {
			return true
		}
	}
	return false
}

// hasAny reports whether any word of the description is in set.
func (p *parsed) hasAny(set map[string]bool) bool {
	for i := 0; i < p.w.n; i++ {
		if set[p.w.tok[i].text] {
			return true
		}
	}
	return false
}

// hasPair reports whether the words a and b follow each other in the description.
func (p *parsed) hasPair(a, b string) bool {
	for i := 0; i+1 < p.w.n; i++ {
		if p.w.tok[i].text == a && p.w.tok[i+1].text == b {
			return true
		}
	}
	return false
}

// payeeHas reports whether any payee word is in set.
func (p *parsed) payeeHas(set map[string]bool) bool {
	for _, i := range p.match[:p.nmatch] {
		if set[p.w.tok[i].text] {
			return true
		}
	}
	return false
}
