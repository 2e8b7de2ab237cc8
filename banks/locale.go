package banks

import (
	"math/rand/v2"
	"strings"
	"time"
)

// locale is how one country's banks print a statement and whom its
// customers pay and are paid by. A persona of that country is generated as
// a British one, then every transaction is printed again (render): the
// same amounts, days, methods and true categories, in euros, with the
// country's payees, merchants, cities and statement formats.
type locale struct {
	country string
	bban    func(id uint64) string // the national part of an account's IBAN
	cities  []string
	names   map[role][]string // payees, payers and merchants by role
	formats map[lineKind][]format
	words   func(w word, date time.Time, ref string, k uint64) string // what a payment is for, as a payer writes it
	// payday says whether the country has payday lenders; where usury caps
	// keep them out, the short loans of the British persona come from
	// consumer-credit firms and are personal loans (credit.loan).
	payday bool
}

// format prints one kind of statement line; a persona's bank keeps to one
// format of each kind.
type format func(p *line) string

// line is what a statement line may print.
type line struct {
	party   string // the local payee, payer or merchant
	city    string
	date    time.Time // when the customer paid or was paid
	ref     string    // a mandate or payment reference, digits and letters
	purpose string    // what the payment is for
	card    string    // the card's last four digits
	iban    string    // the other party's IBAN
}

// lineKind is a kind of statement line.
type lineKind int8

// The kinds of statement line.
const (
	cardPayment lineKind = iota
	cardRefund
	atmWithdrawal
	cashDeposit
	directDebit
	returnedDebit
	standingOrder
	transferOut
	transferIn
	returnedFee
	refusedFee
	accountFee
	unarrangedFee
	overdraftInterest
	penaltyInterest
	creditInterest
)

// Countries are the countries a persona may bank in besides Great Britain.
func Countries() []string { return []string{"FR", "DE", "ES", "IT", "NL"} }

// localeOf returns a country's locale: nil for Great Britain.
func localeOf(country string) (*locale, bool) {
	switch country {
	case "", "GB":
		return nil, true
	case "FR":
		return &french, true
	case "DE":
		return &german, true
	case "ES":
		return &spanish, true
	case "IT":
		return &italian, true
	case "NL":
		return &dutch, true
	}
	return nil, false
}

// render prints a persona's accounts and transactions as the country's banks do.
func (loc *locale) render(accounts []Account, txs []Transaction, seed int64) {
	r := &renderer{loc: loc, rng: rand.New(rand.NewPCG(uint64(seed), 0x6c6f63616c)), seed: uint64(seed),
		ibans: map[string]string{}}
	r.style = r.rng.IntN(12)
	r.card = mandateOf(r.rng, 4)
	for i := range accounts {
		old := accounts[i].IBAN
		accounts[i].IBAN = loc.iban(mix(uint64(seed), uint64(i)+0x10c))
		accounts[i].Currency = "EUR"
		r.ibans[old] = accounts[i].IBAN
	}
	for i := range txs {
		r.print(&txs[i])
	}
}

// iban builds an IBAN of the country with valid check digits.
func (loc *locale) iban(id uint64) string {
	bban := loc.bban(id)
	return loc.country + ibanCheck(loc.country, bban) + bban
}

// renderer prints one persona's transactions.
type renderer struct {
	loc   *locale
	rng   *rand.Rand
	seed  uint64
	style int               // the persona's bank: which format of each kind it prints
	card  string            // the persona's card digits
	ibans map[string]string // the persona's British IBANs to its local ones
}

// localName returns the local name that plays a British party's role for
// this persona: the same British party always maps to the same name.
func (r *renderer) localName(ro role, british string) string {
	names := r.loc.names[ro]
	if len(names) == 0 {
		return british
	}
	return names[mix(r.seed, hashString(british))%uint64(len(names))]
}

// cityOf returns the local city that stands for a British one.
func (r *renderer) cityOf(british string) string {
	return r.loc.cities[mix(r.seed, hashString(british))%uint64(len(r.loc.cities))]
}

// printLine prints a line of a kind in the persona's bank's format.
func (r *renderer) printLine(k lineKind, p *line) string {
	formats := r.loc.formats[k]
	return strings.Join(strings.Fields(formats[r.style%len(formats)](p)), " ")
}

// mandateOf draws a reference of n digits.
func mandateOf(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + rng.IntN(10))
	}
	return string(b)
}

// pad prints n with at least width digits.
func pad(n uint64, width int) string {
	s := itoa(int(n))
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// dm prints a day and month, e.g. 12/03.
func dm(t time.Time, sep string) string { return t.Format("02" + sep + "01") }

// monthName prints a month in a language and its year, e.g. MARS 2025.
func monthName(months [12]string, t time.Time) string {
	return months[t.Month()-1] + " " + itoa(t.Year())
}

// week prints the ISO week of a day.
func week(t time.Time) string {
	_, w := t.ISOWeek()
	return itoa(w)
}

// choose picks one of words by k.
func choose(k uint64, words ...string) string { return words[k%uint64(len(words))] }
