package categorise

import "strings"

// Normalised is a bank description taken apart.
type Normalised struct {
	Key       string   // clean merchant key: the payee's words without numbers, dates, places or legal suffixes
	Channel   Channel  // how the money moved, as the description says; ChannelOther when silent
	Tokens    []string // the payee's words, in order
	Reference []string // the words after a REF marker
	Processor string   // a payment processor prefix such as "PAYPAL" or "SQ", when present
	Lang      string   // the language the line's words are in ("en", "fr", "de", "es", "it", "nl"); "" when they do not tell
}

// Normalise takes a bank description apart into a merchant key, a channel and words.
func Normalise(desc string) Normalised {
	var p parsed
	p.parse(desc)
	n := Normalised{Key: p.key(), Channel: p.channel, Processor: p.processor, Lang: p.lang.String()}
	if n.Channel == "" {
		n.Channel = ChannelOther
	}
	for _, i := range p.keep[:p.nkeep] {
		n.Tokens = append(n.Tokens, p.w.tok[i].text)
	}
	for i := p.refLo; i < p.refHi; i++ {
		n.Reference = append(n.Reference, p.w.tok[i].text)
	}
	return n
}

// MerchantKey returns the key under which corrections for a description's merchant are kept.
// It does not depend on the dictionary, so keys stay stable across versions.
func MerchantKey(desc string) string {
	var p parsed
	p.parse(desc)
	return p.key()
}

// parsed is a description taken apart, without allocating beyond its words.
type parsed struct {
	w            words
	channel      Channel
	dir          int8 // +1 when the words say money in ("FROM"), -1 when out ("TO")
	lo, hi       int  // the payee's tokens
	refLo, refHi int  // the reference's tokens
	keep         [maxTokens]uint8
	nkeep        int
	match        [maxTokens]uint8 // payee words the dictionary is matched against
	nmatch       int
	processor    string

	spans     [maxTokens]span // the vocabulary's phrases found, in order
	nspans    int
	spanOf    [maxTokens]int8 // each token's span, -1 for none
	lang      lang            // the language the line is in, when its words say
	kinds     kinds           // what its phrases say, together
	labelled  bool            // it had SEPA field labels, so the parts below are set
	headHi    int             // with labels: the end of the words before the first label
	payeeHi   int             // the end of a labelled payee (headHi when none)
	purposeHi int             // the end of a labelled purpose (payeeHi when none)
	legalForm bool            // the payee carries a legal form written with dots ("S.A.")
}

// parse fills p from a description.
func (p *parsed) parse(desc string) {
	tokenise(desc, &p.w)
	p.channel, p.dir, p.processor = "", 0, ""
	v := mustVocabulary()
	p.annotate(v, true)
	p.labelled = p.fields()
	if p.labelled {
		p.annotate(v, false)
	}
	p.lo, p.hi, p.refLo, p.refHi = 0, p.w.n, 0, 0
	if p.labelled {
		p.hi, p.refLo, p.refHi = p.payeeHi, p.payeeHi, p.purposeHi
	}
	p.stripLeading()
	p.stripTrailing()
	p.splitReference()
	p.stripProcessor()
	p.clean()
}

// stripLeading removes channel phrases before the payee, e.g. "CONTACTLESS CARD PAYMENT TO"
// or "VIR SEPA RECU", the link words after them ("DE", "AN"), and the card number and date
// banks print first ("4421 14MAR24", "CARTE X1234 12/03").
func (p *parsed) stripLeading() {
	for p.lo < p.hi-1 && p.w.tok[p.lo].digits > 0 && p.w.tok[p.lo].text[0] <= '9' {
		p.lo++
	}
	p.billPayment()
	for round := 0; round < 3 && p.lo < p.hi; round++ {
		if !p.ukPhrase() && !p.sepaPhrase() {
			break
		}
	}
	p.skipLinkWords()
	p.skipCardDetails()
	p.leadingReference()
	if p.labelled {
		p.settleParts()
	}
}

// ukPhrase strips one UK channel phrase at the payee's start.
func (p *parsed) ukPhrase() bool {
	for _, ph := range leadingPhrases[p.w.tok[p.lo].text] {
		if p.hasWords(p.lo, ph.words) && p.room(len(ph.words)) {
			if p.channel == "" || ph.dir != 0 {
				p.channel = ph.channel
			}
			if ph.dir != 0 {
				p.dir = ph.dir
			}
			p.lo += len(ph.words)
			return true
		}
	}
	return false
}

// sepaPhrase strips one channel phrase of the keyword lists at the payee's start.
func (p *parsed) sepaPhrase() bool {
	s := p.spanAt(p.lo)
	if s == nil || !s.k.has(kChannels) {
		return false
	}
	if !p.room(int(s.end) - p.lo) {
		if p.channel == "" {
			p.channel = s.k.channel()
		}
		return false
	}
	if p.channel == "" || s.k.has(kTransferIn|kTransferOut) {
		p.channel = s.k.channel()
	}
	switch {
	case s.k.has(kTransferIn):
		p.dir = 1
	case s.k.has(kTransferOut):
		p.dir = -1
	}
	p.lo = int(s.end)
	return true
}

// room reports whether n words can be stripped from the payee's start: one must be left,
// unless labelled fields hold the payee or the purpose.
func (p *parsed) room(n int) bool {
	return p.lo+n < p.hi || p.labelled && p.purposeHi > p.headHi && p.lo+n <= p.hi
}

// settleParts takes the payee of labelled fields: the labelled payee when there is one
// (words left in the head after the channel, such as a bank's software name, are not the
// payee's), else the head's words, else the purpose's.
func (p *parsed) settleParts() {
	switch {
	case p.payeeHi > p.headHi:
		p.lo = max(p.lo, p.headHi)
	case p.lo >= p.hi && p.purposeHi > p.payeeHi:
		p.lo, p.hi, p.refLo, p.refHi = p.payeeHi, p.purposeHi, 0, 0
	}
}

// hasWords reports whether the tokens from i on start with ws.
func (p *parsed) hasWords(i int, ws []string) bool {
	if i+len(ws) > p.w.n {
		return false
	}
	for k, s := range ws {
		if p.w.tok[i+k].text != s {
			return false
		}
	}
	return true
}

// key joins the payee's words without legal suffixes, at most four words.
func (p *parsed) key() string {
	var b strings.Builder
	n := 0
	for _, i := range p.keep[:p.nkeep] {
		t := p.w.tok[i].text
		if legalSuffix[t] || n == 4 {
			continue
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t)
		n++
	}
	if n == 0 {
		return p.processor
	}
	return b.String()
}
