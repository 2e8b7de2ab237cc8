package insight

import "strings"

// sameAccount compares two account identifiers ignoring spaces and case; an IBAN matches
// its own last eight digits (the UK account number).
func sameAccount(a, b string) bool {
	a, b = compactAccount(a), compactAccount(b)
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	return len(a) > 8 && len(b) == 8 && strings.HasSuffix(a, b) || len(b) > 8 && len(a) == 8 && strings.HasSuffix(b, a)
}

// compactAccount upper-cases an identifier and drops everything but letters and digits.
func compactAccount(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			b.WriteByte(c - 'a' + 'A')
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			b.WriteByte(c)
		}
	}
	return b.String()
}

// mentions reports whether the description carries an account identifier or account name:
// its account number (the last eight digits of an IBAN) as a word, or its words in a row.
func (p *parsed) mentions(acc string) bool {
	c := compactAccount(acc)
	if len(c) >= 8 && isDigits(c[len(c)-8:]) {
		return p.has(c[len(c)-8:])
	}
	var w words
	tokenise(acc, &w)
	if w.n < 2 {
		return false
	}
	for i := 0; i+w.n <= p.w.n; i++ {
		if p.runIs(i, &w) {
			return true
		}
	}
	return false
}

// runIs reports whether the words from i on are w's words.
func (p *parsed) runIs(i int, w *words) bool {
	for k := 0; k < w.n; k++ {
		if p.w.tok[i+k].text != w.tok[k].text {
			return false
		}
	}
	return true
}

// payeeIs reports whether the payee's words, titles aside, are a name's words, or its
// initial and surname ("J SMITH" for "JANE SMITH").
func (p *parsed) payeeIs(name string) bool {
	var w words
	tokenise(name, &w)
	if w.n == 0 || p.nkeep == 0 {
		return false
	}
	first := 0
	if titles[p.w.tok[p.keep[0]].text] {
		first = 1
	}
	payee := p.keep[first:p.nkeep]
	if len(payee) < 2 || w.tok[w.n-1].text != p.w.tok[payee[len(payee)-1]].text {
		return false
	}
	lead := p.w.tok[payee[0]].text
	return lead == w.tok[0].text || len(lead) == 1 && lead[0] == w.tok[0].text[0]
}

// isDigits reports whether s is all digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
