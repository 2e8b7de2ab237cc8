package insight

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

// billPayment reads a leading "BP" as a bill payment ("BP HMRC CT …") rather than the
// fuel brand, whose descriptions go on with a site number, a place or a shop word, and a
// leading "SO" as a standing order unless it is So Energy.
func (p *parsed) billPayment() {
	if p.hi-p.lo >= 2 && p.w.tok[p.lo].text == "SO" && p.w.tok[p.lo+1].text != "ENERGY" {
		p.channel = ChannelStandingOrder
		p.lo++
		return
	}
	if p.hi-p.lo < 2 || p.w.tok[p.lo].text != "BP" {
		return
	}
	next := &p.w.tok[p.lo+1]
	if next.digits > 0 || next.star || bpFuelWords[next.text] || trailingPlace[next.text] && p.hi-p.lo == 2 {
		return
	}
	p.channel = ChannelFasterPayment
	p.lo++
}

// bpFuelWords follow "BP" in the fuel brand's own descriptions.
var bpFuelWords = setOf("CONNECT", "EXPRESS", "OIL", "PULSE", "SERVICE", "SERVICES", "PETROL", "FUEL", "GARAGE",
	"STATION", "FILLING", "MFG", "EG", "RONTEC", "MOTO", "WELCOME", "ROADCHEF", "SHOP", "M&S", "&", "SAFEWAY")

// leadingReference handles a reference printed before the payer, as in
// "FASTER PAYMENTS RECEIPT REF.123456 FROM J SMITH".
func (p *parsed) leadingReference() {
	t := p.w.tok[p.lo].text
	if p.lo >= p.hi-1 || t != "REF" && t != "REFERENCE" {
		return
	}
	for i := p.lo + 1; i < p.hi-1; i++ {
		if w := p.w.tok[i].text; w == "FROM" || w == "TO" {
			p.refLo, p.refHi, p.lo, p.dir = p.lo+1, i, i+1, -1
			if w == "FROM" {
				p.dir = 1
			}
			return
		}
	}
	p.lo++
}

// skipLinkWords drops "TO", "FROM", "AT" and "-" style words left before the payee.
func (p *parsed) skipLinkWords() {
	for p.lo < p.hi-1 {
		switch p.w.tok[p.lo].text {
		case "TO":
			p.dir = -1
		case "FROM":
			p.dir = 1
		case "AT":
		default:
			return
		}
		p.lo++
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

// stripTrailing removes channel codes after the payee, e.g. "TESCO STORES 3421 DEB", and
// app phrasing such as "… SENT YOU MONEY".
func (p *parsed) stripTrailing() {
	if p.hi-p.lo > 3 && p.hasWords(p.hi-3, []string{"SENT", "YOU", "MONEY"}) {
		p.hi -= 3
		p.channel, p.dir = ChannelFasterPayment, 1
	}
	for p.hi-p.lo > 1 {
		last := p.w.tok[p.hi-1].text
		if ch, ok := trailingCodes[last]; ok {
			if p.channel == "" {
				p.channel = ch
			}
			if d := trailingDir[last]; d != 0 {
				p.dir = d
			}
			p.hi--
			continue
		}
		if p.hi-p.lo > 2 && len(last) == 1 && len(p.w.tok[p.hi-2].text) == 1 {
			if ch := pairCode(p.w.tok[p.hi-2].text, last); ch != "" {
				if p.channel == "" {
					p.channel = ch
				}
				p.hi -= 2
				continue
			}
		}
		return
	}
}

// pairCode reads the slashed codes "D/D" and "S/O", which tokenise as two letters.
func pairCode(a, b string) Channel {
	switch {
	case a == "D" && b == "D":
		return ChannelDirectDebit
	case a == "S" && b == "O":
		return ChannelStandingOrder
	}
	return ""
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
