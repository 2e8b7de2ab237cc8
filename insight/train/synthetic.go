package train

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

// SyntheticExamples renders the dictionary's merchants (TrainingMerchants) in the
// description formats of their country's banks (the UK's, or France's, Germany's, Spain's,
// Italy's, the Netherlands' and Belgium's, see sepaStyles), with amounts typical of each
// code, for training the model. Generic words are rendered inside invented business names,
// and invented people and companies of each country send and receive transfers. The output
// depends only on the merchants and seed.
func SyntheticExamples(merchants []categorise.TrainingMerchant, seed int64) []Example {
	r := renderer{rng: rand.New(rand.NewPCG(uint64(seed), 0x2545f4914f6cdd1d))}
	var out []Example
	for i := range merchants {
		m := &merchants[i]
		for k, a := range m.Aliases {
			st := sepaStyles[m.Langs[k%len(m.Langs)]]
			if st == nil {
				out = append(out, r.merchantExamples(m, a)...)
				continue
			}
			out = append(out, r.sepaExamples(m, a, st)...)
		}
	}
	out = append(out, r.peopleExamples()...)
	for _, lang := range sepaLangs {
		out = append(out, r.sepaPeopleExamples(sepaStyles[lang])...)
	}
	return out
}

// sepaLangs are the languages of sepaStyles in a fixed order.
var sepaLangs = []string{"fr", "de", "es", "it", "nl"}

// renderer draws formats, places, numbers and amounts.
type renderer struct {
	rng *rand.Rand
}

// pick returns one of the strings.
func (r *renderer) pick(list []string) string { return list[r.rng.IntN(len(list))] }

// digits returns n random digits.
func (r *renderer) digits(n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(byte('0' + r.rng.IntN(10)))
	}
	return b.String()
}

// fill replaces the placeholders of a format: {A} the payee, {N} a store number, {C} a
// place, {D} a date, {R} a reference, {K} a card suffix.
func (r *renderer) fill(format, payee string) string {
	s := strings.ReplaceAll(format, "{A}", payee)
	s = strings.ReplaceAll(s, "{N}", r.digits(1+r.rng.IntN(4)))
	s = strings.ReplaceAll(s, "{C}", r.pick(renderPlaces))
	s = strings.ReplaceAll(s, "{D}", strconv.Itoa(1+r.rng.IntN(28))+" "+r.pick(renderMonths))
	s = strings.ReplaceAll(s, "{R}", r.digits(6+r.rng.IntN(5)))
	return strings.ReplaceAll(s, "{K}", r.digits(4))
}

// amount draws an amount in pence for a code, negative when out.
func (r *renderer) amount(code string, out bool) int64 {
	band, ok := renderAmounts[ledger.Primary(code)]
	if b, exact := renderAmounts[code]; exact {
		band, ok = b, true
	}
	if !ok {
		band = [2]int64{300, 20000}
	}
	v := band[0] + r.rng.Int64N(band[1]-band[0]+1)
	if out {
		return -v
	}
	return v
}
