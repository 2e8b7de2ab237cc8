package train

import (
	"math"
	"math/rand/v2"

	"openbank/banks"
	"openbank/insight/ledger"
)

// Applicant is what a subject of the population brought to the lender
// besides its latent risk: the persona behind its statements, how much of
// its history the lender saw, and how old the newest of it was.
type Applicant struct {
	Persona     banks.Persona
	HistoryDays int // days of history the lender saw; 0: all of it (about 13 months)
	AgeDays     int // days from the newest data to the request day
}

// applicantMix is the applicant mix, after what real applicants showed:
// British and continental statements (FR, DE, ES, IT, NL), thin files
// (PSD2 gives 90 days; new accounts have less), consumers without income or
// paid in cash, businesses banking their takings as cash, banks that charge
// penalty interest on overruns, and data fetched weeks before the request.
var applicantMix = mix{british: 0.40, thin: 0.30, noIncome: 0.08, cashIncome: 0.06, cashTakings: 0.12,
	penaltyBase: 0.10, penaltySlope: 0.40, stale: 0.20}

// mix gives the chances of what an applicant brings.
type mix struct {
	british     float64 // British statements; the rest is split evenly among banks.Countries
	thin        float64 // a history of 3 weeks to 11 months, log-uniform
	noIncome    float64 // consumers: no earnings, benefits or pension
	cashIncome  float64 // consumers: paid cash in hand
	cashTakings float64 // businesses: takings banked as cash
	// A bank that charges penalty interest, with chance penaltyBase + penaltySlope × risk.
	penaltyBase, penaltySlope float64
	stale                     float64 // data 5 to 75 days old; otherwise 0 to 4 days
}

// The ranges of thin histories and of the data's age, in days.
const (
	thinShortest  = 21
	thinLongest   = 330
	freshOldest   = 4
	staleYoungest = 5
	staleOldest   = 75
)

// drawApplicant draws what a subject of a kind at a risk brings.
func drawApplicant(rng *rand.Rand, kind ledger.SubjectKind, risk float64, seed int64) Applicant {
	m := applicantMix
	a := Applicant{Persona: banks.Persona{Kind: banks.PersonaConsumer, Risk: risk, Seed: seed}}
	if kind == ledger.BusinessSubject {
		a.Persona.Kind = banks.PersonaBusiness
	}
	if u := rng.Float64(); u >= m.british {
		countries := banks.Countries()
		a.Persona.Country = countries[min(len(countries)-1, int((u-m.british)/(1-m.british)*float64(len(countries))))]
	}
	u := rng.Float64()
	switch {
	case kind == ledger.BusinessSubject && u < m.cashTakings:
		a.Persona.Income = banks.IncomeCash
	case kind == ledger.ConsumerSubject && u < m.noIncome:
		a.Persona.Income = banks.IncomeNone
	case kind == ledger.ConsumerSubject && u < m.noIncome+m.cashIncome:
		a.Persona.Income = banks.IncomeCash
	}
	a.Persona.PenaltyInterest = rng.Float64() < m.penaltyBase+m.penaltySlope*risk
	if rng.Float64() < m.thin {
		a.HistoryDays = int(math.Round(thinShortest * math.Pow(thinLongest/thinShortest, rng.Float64())))
	}
	a.AgeDays = rng.IntN(freshOldest + 1)
	if rng.Float64() < m.stale {
		a.AgeDays = staleYoungest + rng.IntN(staleOldest-staleYoungest+1)
	}
	return a
}

// NoIncome reports whether the applicant earns nothing a bank statement
// shows as income: no salary, benefits or pension, or only cash paid in.
func (a Applicant) NoIncome() bool {
	return a.Persona.Kind == banks.PersonaConsumer && a.Persona.Income != banks.IncomeDrawn
}
