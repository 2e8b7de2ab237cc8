package categorise

// splitReference cuts the payee at a reference marker ("REF"), a card date ("ON 12 MAR"),
// a card suffix ("CD 1234") or an exchange rate ("@ 1.1634").
func (p *parsed) splitReference() {
	for i := p.lo + 1; i < p.hi; i++ {
		t := &p.w.tok[i]
		next := p.next(i)
		switch t.text {
		case "REF", "REFERENCE", "REFNO":
			p.refLo, p.refHi, p.hi = i+1, p.hi, i
			return
		case "ON", "CD", "CARD", "DATE":
			if next != nil && next.digits > 0 {
				if t.text == "CD" || t.text == "CARD" {
					p.channel = ChannelCard
				}
				p.hi = i
				return
			}
		case "@":
			p.hi = i
			return
		case "RATE":
			if next != nil && next.digits > 0 {
				p.hi = i
				return
			}
		}
	}
}

// next returns the token after i, or nil.
func (p *parsed) next(i int) *token {
	if i+1 < p.w.n {
		return &p.w.tok[i+1]
	}
	return nil
}

// stripProcessor removes a payment processor prefix such as "PAYPAL *", "SQ *" or "ZETTLE_*".
func (p *parsed) stripProcessor() {
	if p.hi-p.lo < 2 {
		return
	}
	t := &p.w.tok[p.lo]
	name, ok := processors[t.text]
	if !ok || !(t.star || name.bare) || payoutWords[p.w.tok[p.lo+1].text] {
		return
	}
	p.processor = name.name
	p.lo++
}

// payoutWords after a processor's name mean the processor itself pays out.
var payoutWords = setOf("PAYOUT", "PAYOUTS", "PAYMENTS", "SETTLEMENT", "SETTLEMENTS", "FEES", "LTD", "LIMITED",
	"EUROPE", "UK", "TRANSFER")

// processor is a payment processor prefix; bare ones need no '*' after them.
type processor struct {
	name string
	bare bool
}

// processors are the prefixes processors put before the merchant's own name.
var processors = map[string]processor{
	"PAYPAL": {"PAYPAL", false}, "PP": {"PAYPAL", false}, "SQ": {"SQ", false}, "SUMUP": {"SUMUP", true},
	"ZETTLE": {"ZETTLE", true}, "IZ": {"ZETTLE", false}, "IZETTLE": {"ZETTLE", true}, "SP": {"SP", false},
	"CRV": {"CURVE", false}, "CURVE": {"CURVE", false}, "SMP": {"SMP", false}, "SAGEPAY": {"SAGEPAY", false},
	"WPY": {"WORLDPAY", false}, "TST": {"TOAST", false}, "CKO": {"CHECKOUT", false}, "GC": {"GOCARDLESS", false},
	"GOCARDLESS": {"GOCARDLESS", false}, "VIVA": {"VIVA", false}, "DOJO": {"DOJO", false}, "LS": {"LIGHTSPEED", false},
}

// clean keeps the payee's words for matching (numbers, dates, card masks, currency amounts
// and web suffixes dropped) and for the key (also words holding digits such as "WK52", then
// trailing places and country codes).
func (p *parsed) clean() {
	p.nmatch, p.nkeep = 0, 0
	for i := p.lo; i < p.hi; i++ {
		if p.noise(i) {
			continue
		}
		p.match[p.nmatch] = uint8(i)
		p.nmatch++
		if t := &p.w.tok[i]; t.digits > 0 && (t.digits >= 2 || t.text[0] <= '9' && len(t.text) > 2) {
			continue
		}
		p.keep[p.nkeep] = uint8(i)
		p.nkeep++
	}
	for p.nkeep > 1 && trailingPlace[p.w.tok[p.keep[p.nkeep-1]].text] && p.w.tok[p.keep[p.nkeep-2]].text != "OF" {
		p.nkeep--
	}
}

// noise reports whether token i carries nothing about the merchant.
func (p *parsed) noise(i int) bool {
	t := &p.w.tok[i]
	switch {
	case t.digits > 0 && t.letters == 0:
		return true
	case t.dotted && webSuffix[t.text]:
		return true
	case t.text == "WWW" || t.text == "HTTPS" || t.text == "HTTP" || t.text == "GBP":
		return true
	case months[t.text] || currencies[t.text]:
		return p.nearNumber(i)
	}
	return false
}

// nearNumber reports whether a token next to i holds digits.
func (p *parsed) nearNumber(i int) bool {
	return i > 0 && p.w.tok[i-1].digits > 0 || i+1 < p.w.n && p.w.tok[i+1].digits > 0
}

// setOf builds a set of words.
func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

var (
	legalSuffix = setOf("LTD", "LIMITED", "PLC", "LLP", "INC", "LLC", "GMBH", "SARL", "BV", "CIC")
	webSuffix   = setOf("COM", "CO", "UK", "NET", "ORG", "IO", "GOV", "IE", "DE", "FR", "ES", "IT", "NL", "EU",
		"APP", "TV", "ME", "INFO", "BIZ", "AC", "NHS", "LU", "CP", "HTML")
	months     = setOf("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "SEPT", "OCT", "NOV", "DEC")
	currencies = setOf("USD", "EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "AUD", "CAD",
		"NZD", "JPY", "CNY", "HKD", "SGD", "AED", "TRY", "INR", "ZAR", "THB", "MXN", "RON", "BGN", "ISK")
)
