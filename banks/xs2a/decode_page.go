package xs2a

import (
	"fmt"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// A transaction page is most of what the connector reads, so it is decoded
// by hand rather than by reflection: a scanner checks the syntax and picks
// out the members in the same pass, and the short values that repeat down
// a page (currency, dates, codes, balance type) are kept as one string
// each. The result is what decodeOptions give by reflection — names in any
// case as encoding/json matches them, a repeated member's last value, null
// as the zero value, an object merged into what it repeats, unknown
// members skipped — which FuzzPageDecoder checks against the reflective
// decoder. Each object has a loop of its own rather than one walker taking
// a function per member: BenchmarkDecodePage measured such a walker a
// quarter slower.

// pageDecoder decodes one page; it holds the last value of each repeating
// member, which the next entries share instead of a copy of their own.
type pageDecoder struct {
	scanner
	recent [recentSlots]string
}

// The repeating members pageDecoder keeps a last value of.
const (
	slotCurrency = iota
	slotBookingDate
	slotValueDate
	slotBankCode
	slotProprietaryCode
	slotBalanceType
	recentSlots
)

// decodePage decodes the JSON document b, a page of an account's
// transactions, into page.
func decodePage(b []byte, page *transactionsAnswer) error {
	p := pageDecoder{scanner: scanner{b: b}}
	if err := p.answer(page); err != nil {
		return err
	}
	return p.end()
}

var answerMembers = []string{"account", "transactions"}

func (p *pageDecoder) answer(a *transactionsAnswer) error {
	open, err := p.begin('{', "the answer")
	if err != nil || !open {
		*a = transactionsAnswer{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch memberOf(name, answerMembers) {
		case "account":
			err = p.accountOf(&a.Account)
		case "transactions":
			err = p.report(&a.Transactions)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

// accountOf reads an optional account reference.
func (p *pageDecoder) accountOf(a **accountReference) error {
	if p.kind() == 'n' {
		*a = nil
		return p.literal("null")
	}
	if *a == nil {
		*a = new(accountReference)
	}
	return p.account(*a, "account")
}

var reportMembers = []string{"booked", "pending", "_links"}

func (p *pageDecoder) report(r *accountReport) error {
	open, err := p.begin('{', "transactions")
	if err != nil || !open {
		*r = accountReport{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch memberOf(name, reportMembers) {
		case "booked":
			r.Booked, err = p.entries(r.Booked)
		case "pending":
			r.Pending, err = p.entries(r.Pending)
		case "_links":
			err = p.links(&r.Links)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var linksMembers = []string{"scaRedirect", "next", "status"}

func (p *pageDecoder) links(l *links) error {
	open, err := p.begin('{', "_links")
	if err != nil || !open {
		*l = links{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch memberOf(name, linksMembers) {
		case "scaRedirect":
			err = p.href(&l.SCARedirect)
		case "next":
			err = p.href(&l.Next)
		case "status":
			err = p.href(&l.Status)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var hrefMembers = []string{"href"}

// href reads an optional link.
func (p *pageDecoder) href(h **href) error {
	if p.kind() == 'n' {
		*h = nil
		return p.literal("null")
	}
	if _, err := p.begin('{', "a link"); err != nil {
		return err
	}
	if *h == nil {
		*h = new(href)
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		if memberOf(name, hrefMembers) == "href" {
			err = p.text(&(*h).Href, "", "href")
		} else {
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

// entries decodes an array of entries into list's storage.
func (p *pageDecoder) entries(list []transaction) ([]transaction, error) {
	open, err := p.begin('[', "an entry list")
	if err != nil || !open {
		return nil, err
	}
	list = list[:0]
	for {
		more, err := p.next(']')
		if err != nil || !more {
			return list, err
		}
		list = append(list, transaction{})
		if err := p.entry(&list[len(list)-1]); err != nil {
			return list, err
		}
	}
}

var entryMembers = []string{"transactionId", "entryReference", "endToEndId", "mandateId", "bookingDate", "valueDate",
	"transactionAmount", "creditorName", "creditorAccount", "debtorName", "debtorAccount",
	"remittanceInformationUnstructured", "remittanceInformationStructured", "bankTransactionCode",
	"proprietaryBankTransactionCode", "balanceAfterTransaction"}

// entry decodes one entry into e.
func (p *pageDecoder) entry(e *transaction) error {
	open, err := p.begin('{', "an entry")
	if err != nil || !open {
		*e = transaction{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch m := memberOf(name, entryMembers); m {
		case "transactionId":
			err = p.repeated(&e.TransactionID, -1, m)
		case "entryReference":
			err = p.text(&e.EntryReference, e.TransactionID, m)
		case "endToEndId":
			err = p.repeated(&e.EndToEndID, -1, m)
		case "mandateId":
			err = p.repeated(&e.MandateID, -1, m)
		case "bookingDate":
			err = p.repeated(&e.BookingDate, slotBookingDate, m)
		case "valueDate":
			err = p.repeated(&e.ValueDate, slotValueDate, m)
		case "transactionAmount":
			err = p.amount(&e.TransactionAmount, m)
		case "creditorName":
			err = p.repeated(&e.CreditorName, -1, m)
		case "creditorAccount":
			err = p.account(&e.CreditorAccount, m)
		case "debtorName":
			err = p.repeated(&e.DebtorName, -1, m)
		case "debtorAccount":
			err = p.account(&e.DebtorAccount, m)
		case "remittanceInformationUnstructured":
			err = p.repeated(&e.RemittanceInformationUnstructured, -1, m)
		case "remittanceInformationStructured":
			err = p.reference(&e.RemittanceInformationStructured, m)
		case "bankTransactionCode":
			err = p.repeated(&e.BankTransactionCode, slotBankCode, m)
		case "proprietaryBankTransactionCode":
			err = p.repeated(&e.ProprietaryBankTransactionCode, slotProprietaryCode, m)
		case "balanceAfterTransaction":
			err = p.balance(&e.BalanceAfterTransaction, m)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var amountMembers = []string{"currency", "amount"}

func (p *pageDecoder) amount(a *amount, what string) error {
	open, err := p.begin('{', what)
	if err != nil || !open {
		*a = amount{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch m := memberOf(name, amountMembers); m {
		case "currency":
			err = p.repeated(&a.Currency, slotCurrency, m)
		case "amount":
			err = p.repeated(&a.Amount, -1, m)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var accountMembers = []string{"iban", "bban", "maskedPan", "currency"}

func (p *pageDecoder) account(a *accountReference, what string) error {
	open, err := p.begin('{', what)
	if err != nil || !open {
		*a = accountReference{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch m := memberOf(name, accountMembers); m {
		case "iban":
			err = p.repeated(&a.IBAN, -1, m)
		case "bban":
			err = p.repeated(&a.BBAN, -1, m)
		case "maskedPan":
			err = p.repeated(&a.PAN, -1, m)
		case "currency":
			err = p.repeated(&a.Currency, slotCurrency, m)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var referenceMembers = []string{"reference"}

func (p *pageDecoder) reference(r *structuredReference, what string) error {
	open, err := p.begin('{', what)
	if err != nil || !open {
		*r = structuredReference{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		if m := memberOf(name, referenceMembers); m == "reference" {
			err = p.repeated(&r.Reference, -1, m)
		} else {
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

var balanceMembers = []string{"balanceAmount", "balanceType", "creditLimitIncluded", "referenceDate"}

func (p *pageDecoder) balance(b *balance, what string) error {
	open, err := p.begin('{', what)
	if err != nil || !open {
		*b = balance{}
		return err
	}
	for {
		name, more, err := p.nextName()
		if err != nil || !more {
			return err
		}
		switch m := memberOf(name, balanceMembers); m {
		case "balanceAmount":
			err = p.amount(&b.BalanceAmount, m)
		case "balanceType":
			err = p.repeated(&b.BalanceType, slotBalanceType, m)
		case "creditLimitIncluded":
			err = p.flag(&b.CreditLimitIncluded, m)
		case "referenceDate":
			err = p.repeated(&b.ReferenceDate, slotBookingDate, m)
		default:
			err = p.skip()
		}
		if err != nil {
			return err
		}
	}
}

// repeated reads a string member into str, or null as "". A value equal
// to the last one of its slot (-1: none) shares that one's string.
func (p *pageDecoder) repeated(str *string, slot int, what string) error {
	if slot < 0 {
		return p.text(str, "", what)
	}
	err := p.text(str, p.recent[slot], what)
	if *str != "" {
		p.recent[slot] = *str
	}
	return err
}

// memberOf is the member of members that name is: the same name, else
// the one it equals in any case, as encoding/json matches names; "" for
// none.
func memberOf(name []byte, members []string) string {
	for _, m := range members {
		if string(name) == m {
			return m
		}
	}
	for _, m := range members {
		if strings.EqualFold(string(name), m) {
			return m
		}
	}
	return ""
}

// wrongKind is the error of a value of the wrong kind.
func wrongKind(what, want string, got jsontext.Kind) error {
	return fmt.Errorf("%s must be %s, not %s", what, want, got)
}
