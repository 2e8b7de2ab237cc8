package categorise

import "strings"

// ownSide is a subject's own accounts and names, read once for matching against every
// transaction of a history.
type ownSide struct {
	accounts []ownAccount
	names    []words
}

// ownAccount is one of the subject's account identifiers or account names.
type ownAccount struct {
	compact string // upper-case letters and digits
	number  string // the account number (the last eight digits), when it ends in one
	words   words  // else its words, to find a name such as "EVERYDAY SAVER" in a description
}

// readOwnSide reads a subject's own accounts and names; nil without a subject.
func readOwnSide(s *Profile) *ownSide {
	if s == nil {
		return nil
	}
	o := &ownSide{}
	for _, acc := range s.OwnAccounts {
		if acc == "" {
			continue
		}
		a := ownAccount{compact: compactAccount(acc)}
		if len(a.compact) >= 8 && isDigits(a.compact[len(a.compact)-8:]) {
			a.number = a.compact[len(a.compact)-8:]
		} else {
			tokenise(acc, &a.words)
		}
		o.accounts = append(o.accounts, a)
	}
	for _, name := range s.Names {
		if name == "" {
			continue
		}
		var w words
		tokenise(name, &w)
		o.names = append(o.names, w)
	}
	return o
}

// sameAccount compares two account identifiers, each compacted by compactAccount; an IBAN
// matches the account number (its last eight digits) it ends in.
func sameAccount(a, b string) bool {
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
	b.Grow(len(s))
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

// mentions reports whether the description carries an own account: its account number
// as a word, or its name's words in a row.
func (p *parsed) mentions(a *ownAccount) bool {
	if a.number != "" {
		return p.has(a.number)
	}
	if a.words.n < 2 {
		return false
	}
	for i := 0; i+a.words.n <= p.w.n; i++ {
		if p.runIs(i, &a.words) {
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
func (p *parsed) payeeIs(w *words) bool {
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
