package report

import (
	"sort"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// Lender is a party the subject repaid or borrowed from over a report's
// period: a bank, card issuer, mortgage lender, buy-now-pay-later provider
// or payday lender, by name. A lender whose payday repayments the
// categoriser was not sure of has those on a row of their own (Uncertain),
// as the KPIs leave them out; a debt collector's uncertain payments stay
// repayments of credit, as in the KPIs.
type Lender struct {
	Name       string `json:"name"`
	Category   string `json:"category"` // credit.*: the category most repaid; credit.inflow when it only lent
	Repaid     Amount `json:"repaid"`   // positive when repaid
	Repayments int    `json:"repayments"`
	Received   Amount `json:"received"` // borrowed money that arrived (credit.inflow)
	Advances   int    `json:"advances"`
	LastDate   string `json:"lastDate"`
	Uncertain  bool   `json:"uncertain"`
}

// lenders lists the period's lenders, largest repaid and received first.
func lenders(period []kpi.Item) []Lender {
	// A row apart for what the credit KPIs leave out: payday repayments of an
	// uncertain category (a collector's stay counted, as repayments).
	groups, order := partyRows(period, func(it *kpi.Item) bool { return it.Bucket == kpi.CreditBucket },
		func(it *kpi.Item) bool { return !it.Counted })
	out := make([]Lender, 0, len(order))
	for _, k := range order {
		items := groups[k]
		row := Lender{Name: k.name, Uncertain: k.uncertain, LastDate: items[len(items)-1].Date()}
		repaid := map[string]int64{}
		for _, it := range items {
			e := it.Entry
			if e.Category == ledger.CreditInflow {
				row.Received += Amount(e.Amount)
				row.Advances++
				continue
			}
			row.Repaid -= Amount(e.Amount)
			repaid[e.Category] -= e.Amount
			if e.Amount < 0 {
				row.Repayments++
			}
		}
		row.Category = mostRepaid(repaid)
		out = append(out, row)
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Repaid+out[i].Received > out[j].Repaid+out[j].Received
	})
	return out
}

// mostRepaid is the category repaid most (the first in taxonomy order of
// equals), credit.inflow when none was.
func mostRepaid(by map[string]int64) string {
	best, most := ledger.CreditInflow, int64(0)
	for code, repaid := range by {
		if best == ledger.CreditInflow || repaid > most ||
			(repaid == most && ledger.CategoryIndex(code) < ledger.CategoryIndex(best)) {
			best, most = code, repaid
		}
	}
	return best
}
