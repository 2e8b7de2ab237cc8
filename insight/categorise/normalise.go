package categorise

import "strings"

// Normalised is a bank description taken apart.
type Normalised struct {
	Key       string   // clean merchant key: the payee's words without numbers, dates, places or legal suffixes
	Channel   Channel  // how the money moved, as the description says; ChannelOther when silent
	Tokens    []string // the payee's words, in order
	Reference []string // the words after a REF marker
	Processor string   // a payment processor prefix such as "PAYPAL" or "SQ", when present
}

// Normalise takes a bank description apart into a merchant key, a channel and words.
func Normalise(desc string) Normalised {
	var p parsed
	p.parse(desc)
	n := Normalised{Key: p.key(), Channel: p.channel, Processor: p.processor}
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
}

// parse fills p from a description.
func (p *parsed) parse(desc string) {
	tokenise(desc, &p.w)
	p.channel, p.dir, p.processor = "", 0, ""
	p.lo, p.hi, p.refLo, p.refHi = 0, p.w.n, 0, 0
	p.stripLeading()
	p.stripTrailing()
	p.splitReference()
	p.stripProcessor()
	p.clean()
}

// stripLeading removes channel phrases before the payee, e.g. "CONTACTLESS CARD PAYMENT TO",
// and the card number and date some banks print first ("4421 14MAR24").
func (p *parsed) stripLeading() {
	for p.lo < p.hi-1 && p.w.tok[p.lo].digits > 0 && p.w.tok[p.lo].text[0] <= '9' {
		p.lo++
	}
	p.billPayment()
	for round := 0; round < 3 && p.lo < p.hi; round++ {
		matched := false
		for _, ph := range leadingPhrases[p.w.tok[p.lo].text] {
			if p.hasWords(p.lo, ph.words) && p.lo+len(ph.words) < p.hi {
				if p.channel == "" || ph.dir != 0 {
					p.channel = ph.channel
				}
				if ph.dir != 0 {
					p.dir = ph.dir
				}
				p.lo += len(ph.words)
				matched = true
				break
			}
		}
		if !matched {
			break
		}
	}
	p.skipLinkWords()
	p.leadingReference()
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
