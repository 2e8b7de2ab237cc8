package categorise

// splitReference cuts the payee at a reference marker ("REF"), a card date ("ON 12 MAR"),
// a card suffix ("CD 1234") or an exchange rate ("@ 1.1634").
func (p *parsed) splitReference() {
	for i := p.lo + 1; i < p.hi; i++ {
		t := &p.w.tok[i]
		next := p.next(i)
		if cardWords[t.text] && p.cardNumberAfter(i) || t.mark&markPlace != 0 {
			p.hi = i
			return
		}
		switch t.text {
		case "REF", "REFERENCE", "REFNO":
			if p.refHi == p.refLo {
				p.refLo, p.refHi = i+1, p.hi
			}
			p.hi = i
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

// cardWords name the card before its number at the end of a card line: "CARTE 4974XXXX1234",
// "Karte 1 2027-12", "CARTA N.XXXX 1234", "CARTE NUMERO 021".
var cardWords = setOf("CARTE", "KARTE", "CARTA", "TARJETA", "TARJ", "CB")

// cardNumberAfter reports a number or masked card number within two words after i.
func (p *parsed) cardNumberAfter(i int) bool {
	for k := i + 1; k < p.hi && k <= i+2; k++ {
		t := &p.w.tok[k]
		if t.letters == 0 && t.digits > 0 || cardMask(t) {
			return true
		}
	}
	return false
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
	p.nmatch, p.nkeep, p.legalForm = 0, 0, false
	for i := p.lo; i < p.hi; i++ {
		if n := p.dottedLegalForm(i); n > 0 {
			p.legalForm = true
			i += n - 1
			continue
		}
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

// dottedLegalForm returns how many one-letter words from i spell a legal form written
// with dots, as "S.A.", "S.L.", "S.P.A.", "N.V.", "B.V.", "E.V.": 0 when they do not.
func (p *parsed) dottedLegalForm(i int) int {
	var form [4]byte
	n := 0
	for k := i; k < p.hi && n < len(form); k++ {
		t := &p.w.tok[k]
		if len(t.text) != 1 || t.letters != 1 || n > 0 && !t.dotted {
			break
		}
		form[n] = t.text[0]
		n++
	}
	if n < 2 || !dottedForms[string(form[:n])] {
		return 0
	}
	return n
}

// dottedForms are the legal forms banks print with dots between their letters.
var dottedForms = setOf("SA", "SL", "SPA", "NV", "BV", "EV", "AG", "KG", "SAS", "SRL", "SAU", "SLU", "SC", "SNC")

// noise reports whether token i carries nothing about the merchant: numbers, card numbers,
// IBANs and long references, web suffixes, amounts' currencies.
func (p *parsed) noise(i int) bool {
	t := &p.w.tok[i]
	switch {
	case t.digits > 0 && t.letters == 0:
		return true
	case t.digits >= 5 || cardMask(t):
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
	legalSuffix = setOf("LTD", "LIMITED", "PLC", "LLP", "INC", "LLC", "GMBH", "SARL", "BV", "CIC", "SAS", "SASU",
		"EURL", "SA", "SL", "SLU", "SAU", "SRL", "SRLS", "NV", "AG", "KG", "OHG", "EV", "UG", "BVBA", "SPRL",
		"VOF", "SCCL", "SNC", "CIE")
	webSuffix = setOf("COM", "CO", "UK", "NET", "ORG", "IO", "GOV", "IE", "DE", "FR", "ES", "IT", "NL", "EU",
		"APP", "TV", "ME", "INFO", "BIZ", "AC", "NHS", "LU", "CP", "HTML")
	months     = setOf("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "SEPT", "OCT", "NOV", "DEC")
	currencies = setOf("USD", "EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "AUD", "CAD",
		"NZD", "JPY", "CNY", "HKD", "SGD", "AED", "TRY", "INR", "ZAR", "THB", "MXN", "RON", "BGN", "ISK")
)
