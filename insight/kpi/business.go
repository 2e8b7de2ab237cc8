package kpi

import (
	"slices"
	"sort"

	"openbank/insight/ledger"
)

// BusinessKPIs are the figures a lender reads in a company's accounts.
type BusinessKPIs struct {
	Revenue          int64   `json:"revenue"` // customers' payments and card settlements
	MonthlyRevenue   int64   `json:"monthlyRevenue"`
	RevenueVariation float64 `json:"revenueVariation"`
	RevenueTrend     float64 `json:"revenueTrend"` // slope of monthly revenue over its mean, per month
	InflowTrend      float64 `json:"inflowTrend"`  // the same for all money in, category-free
	WeakMonths       int     `json:"weakMonths"`   // months whose card takings (else revenue) fell below 70 % of the median month
	Payers           int     `json:"payers"`
	PayerHHI         float64 `json:"payerHhi"`      // Herfindahl index of revenue across payers, 0-1
	TopPayerShare    float64 `json:"topPayerShare"` // the largest payer's share of revenue
	CardSettlements  int64   `json:"cardSettlements"`
	Payroll          int64   `json:"payroll"`
	Tax              int64   `json:"tax"`
	LateTaxPayments  int     `json:"lateTaxPayments"` // penalties and late-payment charges
	Suppliers        int64   `json:"suppliers"`
	RunwayMonths     float64 `json:"runwayMonths"` // end balance and unused limits over monthly outflows, at most 24
}

// maxRunway caps the runway of a business that spends little.
const maxRunway = 24

// businessKPIs reads a company's trade from the tally. Concentration is over
// invoiced revenue when categorised, else over every payer of money in.
func (b *book) businessKPIs(t *tally, w *WindowKPIs) *BusinessKPIs {
	out := &BusinessKPIs{Revenue: sumOf(t.revenue), CardSettlements: t.sum[codeSettlement],
		RevenueVariation: round2(variation(t.revenue)), Payroll: -t.sum[codePayroll],
		Tax: -t.sum[codeBusinessTax], Suppliers: -t.sum[codeSuppliers]}
	out.MonthlyRevenue = t.s.perMonth(out.Revenue)
	out.RevenueTrend = round2(relativeSlope(t.revenue))
	out.InflowTrend = round2(relativeSlope(t.inflow))
	out.WeakMonths = weakMonths(t.settled)
	if sumOf(t.settled) == 0 {
		out.WeakMonths = weakMonths(t.revenue)
	}
	out.Payers, out.PayerHHI, out.TopPayerShare = b.concentration(t.s, b.categorised)
	out.LateTaxPayments = b.latePayments(t.s)
	out.RunwayMonths = b.runway(w)
	return out
}

// relativeSlope is the slope of a monthly series over its mean.
func relativeSlope(xs []int64) float64 {
	mean := float64(sumOf(xs)) / float64(max(1, len(xs)))
	if mean <= 0 {
		return 0
	}
	return max(-1, min(1, slope(xs)/mean))
}

// concentration returns the payers of a span, their Herfindahl index and the top payer's share.
func (b *book) concentration(s span, categorised bool) (int, float64, float64) {
	byPayer := map[string]int64{}
	var total int64
	for i := s.lo; i < s.hi; i++ {
		e := &b.entries[i]
		revenue := e.code == codeRevenue
		if e.amount <= 0 || e.own || e.reversal || (categorised && !revenue) {
			continue
		}
		byPayer[e.payer] += e.amount
		total += e.amount
	}
	if total == 0 {
		return 0, 0, 0
	}
	amounts := make([]int64, 0, len(byPayer))
	for _, a := range byPayer {
		amounts = append(amounts, a)
	}
	sort.Slice(amounts, func(i, j int) bool { return amounts[i] > amounts[j] })
	var hhi float64
	for _, a := range amounts {
		hhi += Share(a, total) * Share(a, total)
	}
	return len(amounts), round2(hhi), round2(Share(amounts[0], total))
}

// latePayments counts tax penalties and late-payment charges.
func (b *book) latePayments(s span) int {
	n := 0
	for i := s.lo; i < s.hi; i++ {
		if e := &b.entries[i]; e.code == codeBusinessTax && e.amount < 0 && latePenalty(e.payer, e.src.Description) {
			n++
		}
	}
	return n
}

// runway is how many months of outflows the end balance and unused limits cover.
func (b *book) runway(w *WindowKPIs) float64 {
	cash := w.Balance.End
	for _, a := range b.accounts {
		if a.HasLimit && a.Type == ledger.CurrentAccount {
			cash += a.Limit
		}
	}
	monthly := float64(w.Spending.Outflows) / (float64(w.CoveredDays) / 30.44)
	if monthly <= 0 {
		return maxRunway
	}
	return round2(max(0, min(maxRunway, float64(cash)/monthly)))
}

// weakMonths counts the months of a series below 70 % of its median month.
func weakMonths(xs []int64) int {
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	median, n := sorted[len(sorted)/2], 0
	for _, x := range xs {
		if x*10 < median*7 {
			n++
		}
	}
	return n
}
