package train

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"openbank/insight/categorise"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// Subject is a member of a population: its latent risk, what it brought,
// whether the minimum scoring criteria refused it, and, when scored, the
// KPIs it was scored on and whether it defaulted within 12 months.
type Subject struct {
	Risk      float64
	Applicant Applicant
	Refusal   score.NotScoredReason // why the minimum scoring criteria refused it; empty when scored
	Default   bool
	KPIs      *kpi.KPIs // nil when refused
}

// The outcome model: logit(pd) = defaultIntercept + defaultSlope*risk +
// thinPenalty*(1 - days seen/365, at least 0) + noIncomePenalty (when the
// applicant has no income a statement shows) + noise, normal with sd
// defaultNoise. The intercept puts about one scored subject in ten in default.
const (
	defaultIntercept = -7.7
	defaultSlope     = 10.0
	defaultNoise     = 0.3
	thinPenalty      = 1.5
	noIncomePenalty  = 0.9
)

// defaultLogit is the log-odds of default of a subject, before noise.
func defaultLogit(risk float64, a Applicant, seenDays int) float64 {
	z := defaultIntercept + defaultSlope*risk + thinPenalty*max(0, 1-float64(seenDays)/365)
	if a.NoIncome() {
		z += noIncomePenalty
	}
	return z
}

// historyStart is where the mock banks' histories begin (give or take four weeks).
var historyStart = time.Date(2024, time.November, 1, 12, 0, 0, 0, time.UTC)

// scoredAt is the request day of a population.
func scoredAt(o score.PopulationOptions) time.Time { return historyStart.AddDate(0, o.Months, 0) }

// DrawPopulation draws o.Size subjects of a kind. Each subject's latent risk
// is a Beta(1.3, 2.2)-like draw; what it brings is drawn from the applicant
// mix (drawApplicant); its ledger comes from the persona generator at that
// risk, cut to the history the lender saw and as old as drawn, categorised
// as the ingest does; the minimum scoring criteria may refuse it; its
// default follows the outcome model. The result depends only on o and
// kind, not on how many cores draw it.
func DrawPopulation(kind ledger.SubjectKind, o score.PopulationOptions) ([]Subject, error) {
	return drawPopulation(kind, o, func() {})
}

// drawPopulation draws a population, calling drawn after each subject, from
// one goroutine at a time.
func drawPopulation(kind ledger.SubjectKind, o score.PopulationOptions, drawn func()) ([]Subject, error) {
	var c *categorise.Categoriser
	if !o.TrueCategories {
		var err error
		if c, err = categorise.Default(); err != nil {
			return nil, err
		}
	}
	out := make([]Subject, o.Size)
	errs := make([]error, o.Size)
	var wg sync.WaitGroup
	var mu sync.Mutex
	workers := max(1, runtime.GOMAXPROCS(0))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < o.Size; i += workers {
				out[i], errs[i] = drawSubject(kind, o, i, c)
				mu.Lock()
				drawn()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// drawSubject draws subject i of a population, categorised by c unless c is nil.
func drawSubject(kind ledger.SubjectKind, o score.PopulationOptions, i int, c *categorise.Categoriser) (Subject, error) {
	_, s, err := drawLedger(kind, o, i, c)
	return s, err
}

// drawLedger draws subject i's ledger and the subject.
func drawLedger(kind ledger.SubjectKind, o score.PopulationOptions, i int, c *categorise.Categoriser) (*ledger.Ledger, Subject, error) {
	kindSalt := uint64(1)
	if kind == ledger.BusinessSubject {
		kindSalt = 2
	}
	rng := rand.New(rand.NewPCG(uint64(o.Seed), uint64(i)<<2|kindSalt))
	risk := latentRisk(rng)
	seed := int64(rng.Uint64() >> 1)
	a := drawApplicant(rng, kind, risk, seed)
	noise, u := rng.NormFloat64(), rng.Float64()
	l, err := ApplicantLedger(kind, a, scoredAt(o), c)
	if err != nil {
		return nil, Subject{}, err
	}
	s := Subject{Risk: risk, Applicant: a}
	if s.KPIs, s.Refusal = eligible(l, scoredAt(o)); s.Refusal == "" {
		s.Default = u < logisticOf(defaultLogit(risk, a, seenDays(l))+defaultNoise*noise)
	}
	return l, s, nil
}

// scored returns the subjects the minimum scoring criteria let through.
func scored(subjects []Subject) []Subject {
	out := make([]Subject, 0, len(subjects))
	for _, s := range subjects {
		if s.Refusal == "" {
			out = append(out, s)
		}
	}
	return out
}

// latentRisk draws a risk in [0, 1] leaning to the safe end: the ratio of two
// gamma draws, Beta(1.3, 2.2).
func latentRisk(rng *rand.Rand) float64 {
	a, b := gammaDraw(rng, 1.3), gammaDraw(rng, 2.2)
	return a / (a + b)
}

// gammaDraw draws Gamma(k, 1) by Marsaglia and Tsang's method.
func gammaDraw(rng *rand.Rand, k float64) float64 {
	d := k - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rng.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		if u := rng.Float64(); math.Log(u) < 0.5*x*x+d-d*v+d*math.Log(v) {
			return d * v
		}
	}
}
