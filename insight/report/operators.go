package report

import (
	"sort"

	"openbank/insight/kpi"
)

// GamblingOperator is a bookmaker, casino or lottery the subject bet with
// over a report's period. Bets the categoriser was not sure of are on a row
// of their own (Uncertain), as the KPIs count them apart.
type GamblingOperator struct {
	Name      string `json:"name"`
	Bets      int    `json:"bets"`
	Staked    Amount `json:"staked"` // positive
	Won       Amount `json:"won"`
	FirstDate string `json:"firstDate"`
	LastDate  string `json:"lastDate"`
	Uncertain bool   `json:"uncertain"`
}

// DebtCollector is an agency the subject paid over a report's period, for a
// debt that went to collection.
type DebtCollector struct {
	Name      string `json:"name"`
	Payments  int    `json:"payments"`
	Paid      Amount `json:"paid"` // positive
	FirstDate string `json:"firstDate"`
	LastDate  string `json:"lastDate"`
	Uncertain bool   `json:"uncertain"`
}

// partyKey groups a period's entries by the party and whether their
// category was uncertain.
type partyKey struct {
	name      string
	uncertain bool
}

// partyRows groups the period's items that keep passes by party and by
// whether uncertain holds, in the order each group is first seen.
func partyRows(period []kpi.Item, keep, uncertain func(*kpi.Item) bool) (map[partyKey][]*kpi.Item, []partyKey) {
	groups := map[partyKey][]*kpi.Item{}
	var order []partyKey
	for i := range period {
		it := &period[i]
		if !keep(it) {
			continue
		}
		k := partyKey{it.Party, uncertain(it)}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], it)
	}
	return groups, order
}

// countedApart reports whether the KPIs count an item apart, its category
// uncertain (kpi.Item's Uncertain).
func countedApart(it *kpi.Item) bool { return it.Uncertain }

// gamblingOperators lists the period's gambling by operator, most staked first.
func gamblingOperators(period []kpi.Item) []GamblingOperator {
	groups, order := partyRows(period, func(it *kpi.Item) bool { return it.Bucket == kpi.GamblingBucket }, countedApart)
	out := make([]GamblingOperator, 0, len(order))
	for _, k := range order {
		items := groups[k]
		g := GamblingOperator{Name: k.name, Uncertain: k.uncertain,
			FirstDate: items[0].Date(), LastDate: items[len(items)-1].Date()}
		for _, it := range items {
			if a := it.Entry.Amount; a < 0 {
				g.Bets++
				g.Staked -= Amount(a)
			} else {
				g.Won += Amount(a)
			}
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Staked > out[j].Staked })
	return out
}

// debtCollectors lists the period's payments to debt collectors by agency, most paid first.
func debtCollectors(period []kpi.Item) []DebtCollector {
	groups, order := partyRows(period, func(it *kpi.Item) bool { return it.Collector }, countedApart)
	out := make([]DebtCollector, 0, len(order))
	for _, k := range order {
		items := groups[k]
		c := DebtCollector{Name: k.name, Uncertain: k.uncertain, Payments: len(items),
			FirstDate: items[0].Date(), LastDate: items[len(items)-1].Date()}
		for _, it := range items {
			c.Paid -= Amount(it.Entry.Amount)
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Paid > out[j].Paid })
	return out
}
