package banks

import (
	"errors"
	"math/rand/v2"
	"time"
)

// PersonaKind says which profiles a persona lies between.
type PersonaKind string

// The persona kinds.
const (
	PersonaConsumer PersonaKind = "consumer" // between Consumer Low Risk and Consumer High Risk
	PersonaBusiness PersonaKind = "business" // between Business Low Risk and Business High Risk
)

// ErrUnknownPersona is returned by GeneratePersona for a kind it does not know.
var ErrUnknownPersona = errors.New("banks: persona kind must be consumer or business")

// GeneratePersona generates the accounts (balances as of now) and booked
// transactions of one customer whose traits lie between the low-risk profile
// of its kind (risk 0) and the high-risk one (risk 1): amounts and chances
// move in a straight line, and yes-or-no traits (a mortgage, a salary, payday
// loans, late tax) are drawn with the risk as their odds. The output is a pure
// function of the arguments; the mock banks themselves are unchanged.
func GeneratePersona(kind PersonaKind, risk float64, seed int64, now time.Time) ([]Account, []Transaction, error) {
	return Persona{Kind: kind, Risk: risk, Seed: seed}.Generate(now)
}

// Persona is one customer of the persona generator: a kind, a latent risk,
// a seed, and what sets it apart from the British salaried customer that
// GeneratePersona draws.
type Persona struct {
	Kind PersonaKind
	Risk float64
	Seed int64
	// Country is where the customer banks: empty or GB for a British bank in
	// pounds; FR, DE, ES, IT or NL for that country's statement formats,
	// payees and merchants, in euros (see Countries).
	Country string
	// Income is how a consumer is paid, or how a business takes its sales.
	Income PersonaIncome
	// PenaltyInterest lets direct debits and standing orders overrun the
	// arranged limit; the bank charges a fee for each overrun and penalty
	// interest on the unarranged part every month.
	PenaltyInterest bool
}

// PersonaIncome is how a persona's money comes in.
type PersonaIncome string

// The persona incomes.
const (
	// IncomeDrawn is a consumer's salary, agency pay or benefits as its risk
	// draws them, and a business's card takings settled by its acquirer.
	IncomeDrawn PersonaIncome = ""
	// IncomeNone is a consumer without earnings, benefits or pension, who
	// lives on money sent by family (consumers only).
	IncomeNone PersonaIncome = "none"
	// IncomeCash is a consumer paid cash in hand and paying it in at the
	// counter, who draws much cash; a business banking its takings as cash.
	IncomeCash PersonaIncome = "cash"
)

// ErrUnknownPersonaOption is returned by Generate for a country or an income it does not know.
var ErrUnknownPersonaOption = errors.New("banks: persona country must be GB, FR, DE, ES, IT or NL, and a business has no income \"none\"")

// Generate generates the persona's accounts (balances as of now) and booked
// transactions. The output is a pure function of the persona and now.
func (p Persona) Generate(now time.Time) ([]Account, []Transaction, error) {
	risk := min(1, max(0, p.Risk))
	rng := rand.New(rand.NewPCG(uint64(p.Seed), 0x70657273))
	loc, ok := localeOf(p.Country)
	if !ok {
		return nil, nil, ErrUnknownPersonaOption
	}
	spec := &bankSpec{info: Info{Code: "persona-" + string(p.Kind), Name: "Persona", Country: MockCountry, Environment: Test}, sortCode: "040099"}
	switch p.Kind {
	case PersonaConsumer:
		spec.setup = consumerBank(withIncome(consumerBetween(risk, rng), p.Income, risk, p.PenaltyInterest))
	case PersonaBusiness:
		if p.Income == IncomeNone {
			return nil, nil, ErrUnknownPersonaOption
		}
		t := businessBetween(risk, rng)
		t.cashTakings, t.penalty = p.Income == IncomeCash, p.PenaltyInterest
		spec.setup = businessBank(t)
	default:
		return nil, nil, ErrUnknownPersona
	}
	var accounts []Account
	var txs []Transaction
	for _, h := range generate(spec, p.Seed, ScenarioNormal, now) {
		accounts = append(accounts, h.account)
		txs = append(txs, h.booked...)
	}
	if loc != nil {
		loc.render(accounts, txs, p.Seed)
	}
	return accounts, txs, nil
}

// lerp moves from a (risk 0) to b (risk 1).
func lerp(a, b int64, risk float64) int64 { return a + int64(float64(b-a)*risk) }

// lerpRange moves a range.
func lerpRange(a, b [2]int64, risk float64) [2]int64 {
	return [2]int64{lerp(a[0], b[0], risk), lerp(a[1], b[1], risk)}
}

// lerpChance moves a chance in per mille.
func lerpChance(a, b int, risk float64) int { return int(lerp(int64(a), int64(b), risk)) }
