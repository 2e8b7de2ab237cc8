package report

import (
	"sort"

	"openbank/insight/ledger"
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

// partyRows groups the period's entries that keep passes by party and by
// whether uncertain holds, in the order each group is first seen.
func partyRows(period []entry, keep, uncertain func(*entry) bool) (map[partyKey][]*entry, []partyKey) {
	groups := map[partyKey][]*entry{}
	var order []partyKey
	for i := range period {
		e := &period[i]
		if !keep(e) {
			continue
		}
		k := partyKey{e.party, uncertain(e)}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	return groups, order
}

// gamblingOperators lists the period's gambling by operator, most staked first.
func gamblingOperators(period []entry) []GamblingOperator {
	groups, order := partyRows(period, func(e *entry) bool { return e.Category == ledger.Gambling }, (*entry).uncertain)
	out := make([]GamblingOperator, 0, len(order))
	for _, k := range order {
		es := groups[k]
		g := GamblingOperator{Name: k.name, Uncertain: k.uncertain,
			FirstDate: es[0].day.String(), LastDate: es[len(es)-1].day.String()}
		for _, e := range es {
			if e.Amount < 0 {
				g.Bets++
				g.Staked -= Amount(e.Amount)
			} else {
				g.Won += Amount(e.Amount)
			}
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Staked > out[j].Staked })
	return out
}

// debtCollectors lists the period's payments to debt collectors by agency, most paid first.
func debtCollectors(period []entry) []DebtCollector {
	groups, order := partyRows(period, func(e *entry) bool { return e.collected }, (*entry).uncertain)
	out := make([]DebtCollector, 0, len(order))
	for _, k := range order {
		es := groups[k]
		c := DebtCollector{Name: k.name, Uncertain: k.uncertain, Payments: len(es),
			FirstDate: es[0].day.String(), LastDate: es[len(es)-1].day.String()}
		for _, e := range es {
			c.Paid -= Amount(e.Amount)
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Paid > out[j].Paid })
	return out
}
