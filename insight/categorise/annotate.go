package categorise

// span is a phrase of the vocabulary found in a description.
type span struct {
	ph      *phrase
	at, end uint8 // its tokens, [at, end); numbers inside it are passed over
	k       kinds // what it says in the line's language
	inner   bool  // it starts inside another span: it adds what it says, not a channel or label
}

// annotate finds the vocabulary's phrases in the description, longest first from the
// left, and, when it is asked to, which language the line is in.
func (p *parsed) annotate(v *vocabulary, detect bool) {
	p.nspans = 0
	var vt votes
	for i := 0; i < p.w.n; {
		p.spanOf[i] = -1
		end := 0
		if p.w.tok[i].letters == 0 { // no phrase starts with a number
			i++
			continue
		}
		for _, ph := range v.byFirst[p.w.tok[i].text] {
			if e, ok := p.phraseAt(i, ph.words); ok {
				p.spans[p.nspans] = span{ph: ph, at: uint8(i), end: uint8(e)}
				vt.add(ph.langs, p.weight(&p.spans[p.nspans]))
				end = e
				break
			}
		}
		if end == 0 {
			i++
			continue
		}
		for ; i < end; i++ {
			p.spanOf[i] = int8(p.nspans)
		}
		p.nspans++
		p.overlaps(v, end)
	}
	if detect {
		p.englishVotes(&vt)
		p.lang = vt.winner()
	}
	p.kinds = 0
	for s := 0; s < p.nspans; s++ {
		p.spans[s].k = p.spans[s].ph.kindsIn(p.lang)
		p.kinds |= p.spans[s].k
	}
}

// overlaps adds the phrases that start inside the span just found and end after it, for
// what they say: "ECHEANCE PRET IMMOBILIER" is an instalment ("ECHEANCE PRET") of a
// mortgage ("PRET IMMOBILIER"). They do not own their words (spanOf).
func (p *parsed) overlaps(v *vocabulary, end int) {
	last := &p.spans[p.nspans-1]
	for i := int(last.at) + 1; i < end && p.nspans < maxTokens; i++ {
		if p.w.tok[i].letters == 0 {
			continue
		}
		for _, ph := range v.byFirst[p.w.tok[i].text] {
			if e, ok := p.phraseAt(i, ph.words); ok {
				if e > end {
					p.spans[p.nspans] = span{ph: ph, at: uint8(i), end: uint8(e), inner: true}
					p.nspans++
				}
				break
			}
		}
	}
}

// phraseAt reports whether the words from token i on are ws, numbers between them passed
// over, and where they end.
func (p *parsed) phraseAt(i int, ws []string) (int, bool) {
	k := i
	for j, w := range ws {
		for j > 0 && k < p.w.n && p.w.tok[k].letters == 0 && p.w.tok[k].digits > 0 && p.w.tok[k].text != w {
			k++
		}
		if k >= p.w.n || p.w.tok[k].text != w {
			return 0, false
		}
		k++
	}
	return k, true
}

// weight is how much a phrase found says about the line's language: channel phrases that
// open or close the line and field labels are printed by one country's banks, other words
// may be borrowed; a label's word without its punctuation ("NR" in "RV-NR. 56") says nothing.
func (p *parsed) weight(s *span) uint8 {
	any := s.ph.any
	switch {
	case any.has(kChannels) && (p.nspans == 0 || int(s.end) == p.w.n):
		return 2
	case any.has(kLabels):
		s.k = any
		if p.labelRole(s) != 0 {
			return 2
		}
		if any&^(kLabels|kBare) == 0 {
			return 0
		}
	}
	return 1
}

// englishVotes counts the channel phrases and codes of UK banks for English.
func (p *parsed) englishVotes(vt *votes) {
	i := 0
	for i < p.w.n-1 && p.w.tok[i].letters == 0 {
		i++
	}
	if i < p.w.n {
		for _, ph := range leadingPhrases[p.w.tok[i].text] {
			if p.hasWords(i, ph.words) {
				vt[langEN] += 2
				break
			}
		}
	}
	if p.w.n > 1 {
		if _, ok := trailingCodes[p.w.tok[p.w.n-1].text]; ok {
			vt[langEN]++
		}
	}
}

// spanAt returns the span that starts at token i, or nil.
func (p *parsed) spanAt(i int) *span {
	if i >= p.w.n || p.spanOf[i] < 0 {
		return nil
	}
	s := &p.spans[p.spanOf[i]]
	if int(s.at) != i || s.inner {
		return nil
	}
	return s
}

// is reports whether the words of the description say any of the kinds in m.
func (p *parsed) is(m kinds) bool { return p.kinds&m != 0 }
