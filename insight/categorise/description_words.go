package categorise

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
