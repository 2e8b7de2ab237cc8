package categorise

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

// skipLinkWords drops "TO", "FROM", "AT" and the keyword lists' link words ("DE", "VON",
// "NAAR") left before the payee.
func (p *parsed) skipLinkWords() {
	for p.lo < p.hi-1 {
		switch p.w.tok[p.lo].text {
		case "TO":
			p.dir = -1
		case "FROM":
			p.dir = 1
		case "AT":
		default:
			s := p.spanAt(p.lo)
			if s == nil || !s.k.has(kLink) || p.channel == "" || int(s.end) >= p.hi {
				return
			}
			p.lo = int(s.end)
			continue
		}
		p.lo++
	}
}

// skipCardDetails drops what card and transfer lines print between the channel and the
// payee: numbers, dates, card numbers ("X1234", "4974XXXXXXXX1234"), amounts in a
// currency, link words and country codes ("PAGAMENTO POS 54,32 EUR DEL 12.03.2024 A (ITA) …").
func (p *parsed) skipCardDetails() {
	if p.channel == "" {
		return
	}
	for p.lo < p.hi-1 {
		t := &p.w.tok[p.lo]
		s := p.spanAt(p.lo)
		switch {
		case t.letters == 0 && t.digits > 0, cardMask(t), currencies[t.text], countryCodes[t.text]:
			p.lo++
		case s != nil && s.k.has(kLink) && int(s.end) < p.hi:
			p.lo = int(s.end)
		default:
			return
		}
	}
}

// cardMask reports a masked card number or card suffix: "X1234", "XXXX", "4974XXXXXXXX1234".
func cardMask(t *token) bool {
	if t.letters == 0 {
		return false
	}
	xs := 0
	for i := 0; i < len(t.text); i++ {
		if t.text[i] == 'X' {
			xs++
		}
	}
	return xs == int(t.letters) && (t.digits >= 3 || xs >= 4)
}

// countryCodes are the three-letter country codes card lines print after a merchant.
var countryCodes = setOf("ITA", "ESP", "FRA", "DEU", "NLD", "BEL", "PRT", "AUT", "LUX", "IRL", "GBR", "CHE")

// stripTrailing removes channel codes after the payee, e.g. "TESCO STORES 3421 DEB", and
// app phrasing such as "… SENT YOU MONEY".
func (p *parsed) stripTrailing() {
	if p.hi-p.lo > 3 && p.hasWords(p.hi-3, []string{"SENT", "YOU", "MONEY"}) {
		p.hi -= 3
		p.channel, p.dir = ChannelFasterPayment, 1
	}
	for p.hi-p.lo > 1 {
		last := p.w.tok[p.hi-1].text
		if s := p.spanOf[p.hi-1]; s >= 0 && int(p.spans[s].end) == p.hi && int(p.spans[s].at) > p.lo &&
			p.spans[s].k.has(kChannels) {
			if p.channel == "" {
				p.channel = p.spans[s].k.channel()
			}
			p.hi = int(p.spans[s].at)
			continue
		}
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
