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
	risk = min(1, max(0, risk))
	rng := rand.New(rand.NewPCG(uint64(seed), 0x70657273))
	spec := &bankSpec{info: Info{Code: "persona-" + string(kind), Name: "Persona", Country: MockCountry}, sortCode: "040099"}
	switch kind {
	case PersonaConsumer:
		spec.setup = consumerBank(consumerBetween(risk, rng))
	case PersonaBusiness:
		spec.setup = businessBank(businessBetween(risk, rng))
	default:
		return nil, nil, ErrUnknownPersona
	}
	var accounts []Account
	var txs []Transaction
	for _, h := range generate(spec, seed, ScenarioNormal, now) {
		accounts = append(accounts, h.account)
		txs = append(txs, h.booked...)
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
