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

// Subject is a member of a population: its latent risk, whether it defaulted
// within 12 months of being scored, and the KPIs it was scored on.
type Subject struct {
	Risk    float64
	Default bool
	KPIs    *kpi.KPIs
}

// defaultOdds turn latent risk into the chance of default: logit(pd) =
// defaultIntercept + defaultSlope*risk + noise, noise normal with sd defaultNoise.
const (
	defaultIntercept = -6.0
	defaultSlope     = 10.0
	defaultNoise     = 0.3
)

// historyStart is where the mock banks' histories begin (give or take four weeks).
var historyStart = time.Date(2024, time.November, 1, 12, 0, 0, 0, time.UTC)

// scoredAt is the day a population is scored.
func scoredAt(o score.PopulationOptions) time.Time { return historyStart.AddDate(0, o.Months, 0) }

// DrawPopulation draws o.Size subjects of a kind. Each subject's latent risk
// is a Beta(1.3, 2.2)-like draw; its ledger comes from the persona generator
// at that risk; its default from the risk with noise. The result depends only
// on o and kind, not on how many cores draw it.
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
	kindSalt := uint64(1)
	if kind == ledger.BusinessSubject {
		kindSalt = 2
	}
	rng := rand.New(rand.NewPCG(uint64(o.Seed), uint64(i)<<2|kindSalt))
	risk := latentRisk(rng)
	pd := logisticOf(defaultIntercept + defaultSlope*risk + defaultNoise*rng.NormFloat64())
	seed := int64(rng.Uint64() >> 1)
	l, err := PersonaLedger(kind, risk, seed, scoredAt(o), c)
	if err != nil {
		return Subject{}, err
	}
	return Subject{Risk: risk, Default: rng.Float64() < pd, KPIs: kpi.ComputeKPIs(l, scoredAt(o))}, nil
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
