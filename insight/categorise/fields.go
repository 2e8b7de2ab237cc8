package categorise

// The parts of a description with labelled fields, in the order fields puts them.
const (
	partHead    uint8 = iota // before the first label: the channel, often the payee
	partPayee                // a labelled payee: "/DE …", "Naam: …", "/NAME/…/"
	partPurpose              // a labelled purpose: "/MOTIF …", "SVWZ+…", "CONCEPTO …"
	partRest                 // after an identifier, and later payees
	partDrop                 // labels and identifiers: "EREF+…", "IBAN: …", "ID EMETTEUR/…"
)

// fields reads the labelled fields SEPA descriptions carry and rewrites the words as head,
// payee, purpose and rest, dropping the labels and the identifiers they introduce. It
// reports whether the description had any.
func (p *parsed) fields() bool {
	var part [maxTokens]uint8
	found, cur, payees := false, partHead, 0
	for i := 0; i < p.w.n; {
		s := p.spanAt(i)
		role := p.labelRole(s)
		if role == 0 {
			part[i] = cur
			i++
			continue
		}
		found = true
		for ; i < int(s.end); i++ {
			part[i] = partDrop
		}
		switch {
		case role&kLabelNoise != 0:
			i = p.skipIdentifier(i, &part)
			cur = partRest
		case role&kLabelChannel != 0:
			cur = partHead
		case role&kLabelPurpose != 0:
			cur = partPurpose
		case payees > 0:
			cur = partRest
		default:
			cur, payees = partPayee, payees+1
		}
	}
	if found {
		p.regroup(&part)
	}
	return found
}

// labelRole returns the label kinds of a span that is a field label here: a label of
// several words, a bare one, or one with its punctuation ("/DE", "MOTIF:", "SVWZ+", "/NAME/").
func (p *parsed) labelRole(s *span) kinds {
	if s == nil || !s.k.has(kLabels) {
		return 0
	}
	first, last := &p.w.tok[s.at], &p.w.tok[s.end-1]
	if s.end-s.at > 1 || s.k.has(kBare) || first.mark&(markSlashed|markEnclosed) != 0 ||
		last.mark&(markColon|markPlus|markSlashOut) != 0 {
		return s.k & kLabels
	}
	return 0
}

// skipIdentifier drops the identifier after a label at i: the rest of the label's run of
// text ("EREF+SAL-2024-03"), else the next run ("IBAN: NL12…"), and any runs of digits
// after it ("Kenmerk: 1234 5678"); it stops at the next label.
func (p *parsed) skipIdentifier(i int, part *[maxTokens]uint8) int {
	runs := 0
	if i < p.w.n && p.w.tok[i].mark&markSpaced == 0 {
		runs = 1 // the identifier is glued to its label
	}
	for ; i < p.w.n; i++ {
		t := &p.w.tok[i]
		if p.labelRole(p.spanAt(i)) != 0 {
			break
		}
		if t.mark&markSpaced != 0 {
			if runs > 0 && t.letters > 0 {
				break
			}
			runs++
		}
		part[i] = partDrop
	}
	return i
}

// regroup puts the words in the order head, payee, purpose, rest, drops the others, and
// sets the parts' bounds.
func (p *parsed) regroup(part *[maxTokens]uint8) {
	var old [maxTokens]token
	copy(old[:p.w.n], p.w.tok[:p.w.n])
	n := 0
	var bounds [partDrop + 1]int
	for pt := partHead; pt < partDrop; pt++ {
		for i := 0; i < p.w.n; i++ {
			if part[i] == pt {
				p.w.tok[n] = old[i]
				n++
			}
		}
		bounds[pt+1] = n
	}
	p.w.n = n
	p.headHi, p.payeeHi, p.purposeHi = bounds[partPayee], bounds[partPurpose], bounds[partRest]
}
