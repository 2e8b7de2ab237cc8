package categorise

import (
	"sync"
	"time"
)

// CategoriserVersion names the dictionary, rules and model together; store it with each
// categorised transaction so a newer version can categorise again.
const CategoriserVersion = "2026.11.2"

// Transaction is what the categoriser reads of one bank transaction.
type Transaction struct {
	Description         string    // as the bank prints it
	Amount              int64     // minor units, negative for money out
	Date                time.Time // booking or transaction date; recurrence is read from it in histories
	Counterparty        string    // payee or payer name, when the bank gives one
	CounterpartyAccount string    // the other account's IBAN or number, when known
	Method              string    // the bank's payment method ("card", "direct_debit", "bacs", ...), when known
}

// Kind says whether a subject is a consumer or a business.
type Kind uint8

// The kinds. KindUnknown reads business signals from each transaction (or the history).
const (
	KindUnknown Kind = iota
	KindConsumer
	KindBusiness
)

// Profile describes the subject whose transactions are categorised: its kind, its own
// accounts and names, and its client's corrections.
type Profile struct {
	Kind        Kind
	OwnAccounts []string          // the subject's own IBANs, account numbers or account names
	Names       []string          // the account holders' names, e.g. "JANE SMITH"
	Overrides   map[string]string // client corrections: merchant key (see MerchantKey) to category
}

// Source says which step decided a category.
type Source string

// The sources.
const (
	SourceOverride   Source = "override"
	SourceDictionary Source = "dictionary"
	SourceRule       Source = "rule"
	SourceModel      Source = "model"
)

// Result is the category of one transaction.
type Result struct {
	Category   string  // a taxonomy code
	Confidence float64 // 0 to 1
	Merchant   string  // clean merchant name, only when the dictionary knows it
	Channel    Channel // how the money moved
	Key        string  // the merchant key corrections are stored under
	Source     Source  // the step that decided
}

// DefaultThreshold is the confidence below which a guess falls back to its primary's
// "other" leaf, where the primary has one.
const DefaultThreshold = 0.45

// Categoriser assigns taxonomy codes to transactions. It is safe for concurrent use.
type Categoriser struct {
	dict      *Dictionary
	model     *Model
	threshold float64
}

// New returns a categoriser over a dictionary and a model; model may be nil.
func New(dict *Dictionary, model *Model) *Categoriser {
	return &Categoriser{dict: dict, model: model, threshold: DefaultThreshold}
}

var (
	defaultOnce sync.Once
	defaultCat  *Categoriser
	defaultErr  error
)

// Default returns the categoriser built from the embedded dictionary and model, read once.
func Default() (*Categoriser, error) {
	defaultOnce.Do(func() {
		dict, err := EmbeddedDictionary()
		if err != nil {
			defaultErr = err
			return
		}
		model, err := embeddedModel()
		if err != nil {
			defaultErr = err
			return
		}
		defaultCat = New(dict, model)
	})
	return defaultCat, defaultErr
}

// Categorise categorises one transaction without its history, for enrichment.
func (c *Categoriser) Categorise(tx Transaction, s *Profile) Result {
	var in input
	in.read(&tx, s, readOwnSide(s))
	return c.decide(&in)
}

// CategoriseHistory categorises a batch of one subject's transactions, using the history
// to find recurring payers and, for a subject of unknown kind, whether it is a business.
// Transactions that read and would be decided alike are decided once; many distinct ones
// are read and decided on every processor.
func (c *Categoriser) CategoriseHistory(txs []Transaction, s *Profile) []Result {
	return c.categoriseHistory(txs, s, true)
}

// kindOrUnknown returns the subject's kind; a nil subject is of unknown kind.
func (s *Profile) kindOrUnknown() Kind {
	if s == nil {
		return KindUnknown
	}
	return s.Kind
}
