package banks

import (
	"math"
	"math/rand/v2"
)

// salariedFloor is the lowest net monthly salary range a salaried persona earns (risk 1).
var salariedFloor = [2]int64{150000, 230000}

// consumerBetween interpolates the consumer profiles. A persona is an
// irregular earner (agency pay and benefits) with chance risk squared,
// otherwise salaried on a salary falling with the risk; it repays a debt
// collector monthly with chance risk to the fourth (rare below the middle of
// the scale, certain at its top; the mock banks' own customers never do).
func consumerBetween(risk float64, rng *rand.Rand) consumerTraits {
	lo, hi := lowRisk, highRisk
	t := consumerTraits{
		housing: lerpRange(lo.housing, hi.housing, risk), overdraft: lerp(lo.overdraft, hi.overdraft, risk),
		appetite: lerp(lo.appetite, hi.appetite, risk), gambling: lerpChance(lo.gambling, hi.gambling, risk),
		tobacco: lerpChance(lo.tobacco, hi.tobacco, risk), cash: lerpChance(lo.cash, hi.cash, risk),
		cashIn: lerpChance(lo.cashIn, hi.cashIn, risk), returnFee: lerp(lo.returnFee, hi.returnFee, risk),
		odRate: lerp(lo.odRate, hi.odRate, risk), pension: lerpChance(lo.pension, hi.pension, risk),
		studentLoan:  lerpChance(lo.studentLoan, hi.studentLoan, risk),
		selfAssessed: lerpChance(lo.selfAssessed, hi.selfAssessed, risk), education: lo.education,
	}
	if rng.Float64() < risk*risk {
		t.agency, t.benefits = hi.agency, hi.benefits
	} else {
		t.salary = lerpRange(lo.salary, salariedFloor, risk)
	}
	t.mortgage = rng.Float64() >= risk
	t.paydayLoans = rng.Float64() < risk
	t.bnpl = rng.Float64() < risk
	if rng.Float64() < risk {
		t.education = hi.education
	}
	t.collected = rng.Float64() < math.Pow(risk, 4)
	return t
}

// businessBetween interpolates the business profiles; a persona pays its tax
// late, and has weak months, with chances that switch on around the middle
// of the scale; it takes short-term finance when cash runs low with the
// risk as its odds; and its opening cash stays near the interpolated
// middle, so that the cash buffer tracks the risk.
func businessBetween(risk float64, rng *rand.Rand) businessTraits {
	lo, hi := lowRiskBusiness, highRiskBusiness
	t := businessTraits{
		opening: narrow(lerpRange(lo.opening, hi.opening, risk)), overdraft: lerp(lo.overdraft, hi.overdraft, risk),
		staff: [2]int{int(lerp(int64(lo.staff[0]), int64(hi.staff[0]), risk)), int(lerp(int64(lo.staff[1]), int64(hi.staff[1]), risk))},
		pay:   lerpRange(lo.pay, hi.pay, risk), invoice: lerpRange(lo.invoice, hi.invoice, risk),
		invoiceRate: lerpChance(lo.invoiceRate, hi.invoiceRate, risk), takings: lerpRange(lo.takings, hi.takings, risk),
		margin: lerp(lo.margin, hi.margin, risk), supplier: lerpRange(lo.supplier, hi.supplier, risk),
		rent: lerpRange(lo.rent, hi.rent, risk), weakMonths: lerpChance(lo.weakMonths, hi.weakMonths, switchOn(risk)),
		lateTax: rng.Float64() < switchOn(risk), returnFee: lerp(lo.returnFee, hi.returnFee, risk), odRate: lerp(lo.odRate, hi.odRate, risk),
	}
	t.advances = rng.Float64() < risk
	return t
}

// narrow keeps the middle fifth of a range either side of its centre.
func narrow(r [2]int64) [2]int64 {
	mid, half := (r[0]+r[1])/2, (r[1]-r[0])/10
	return [2]int64{mid - half, mid + half}
}

// switchOn is a chance that rises steeply from near 0 below risk 0.3 to near 1 above 0.6.
func switchOn(risk float64) float64 { return 1 / (1 + math.Exp(-10*(risk-0.45))) }
