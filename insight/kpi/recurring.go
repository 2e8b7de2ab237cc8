package kpi

import (
	"slices"
	"sort"
	"strings"
)

// RecurringPayment is money paid to one party at a regular cadence.
type RecurringPayment struct {
	Merchant     string `json:"merchant"`
	Category     string `json:"category"`     // the category of the latest payment, if known
	Amount       int64  `json:"amount"`       // the latest payment, positive
	MeanAmount   int64  `json:"meanAmount"`   // positive
	Cadence      string `json:"cadence"`      // weekly, fortnightly, monthly, quarterly or annual
	Count        int    `json:"count"`        // payments seen
	LastDate     string `json:"lastDate"`     //
	NextExpected string `json:"nextExpected"` // the last date plus the cadence
}

// cadence is a regular interval between payments.
type cadence struct {
	name     string
	days     int // nominal
	slack    int // days either side that still count
	minCount int
}

var cadences = []cadence{
	{"weekly", 7, 1, 4}, {"fortnightly", 14, 2, 3}, {"monthly", 30, 4, 3},
	{"quarterly", 91, 7, 3}, {"annual", 365, 15, 2},
}

var irregular = cadence{name: "irregular"}

// cadenceOf finds the cadence of sorted days: the one that the median gap
// matches and that at least three gaps in four keep.
func cadenceOf(days []dayNum) cadence {
	if len(days) < 2 {
		return irregular
	}
	gaps := make([]int, len(days)-1)
	for i := 1; i < len(days); i++ {
		gaps[i-1] = int(days[i] - days[i-1])
	}
	sorted := slices.Clone(gaps)
	slices.Sort(sorted)
	median := sorted[len(sorted)/2]
	for _, c := range cadences {
		if len(days) < c.minCount || median < c.days-c.slack || median > c.days+c.slack {
			continue
		}
		kept := 0
		for _, g := range gaps {
			if g >= c.days-c.slack && g <= c.days+c.slack {
				kept++
			}
		}
		if kept*4 >= len(gaps)*3 {
			return c
		}
	}
	return irregular
}

// next returns the day the payment after last is expected.
func (c cadence) next(last dayNum) dayNum {
	switch c.name {
	case "monthly":
		return dayNumOf(last.time().AddDate(0, 1, 0))
	case "quarterly":
		return dayNumOf(last.time().AddDate(0, 3, 0))
	case "annual":
		return dayNumOf(last.time().AddDate(1, 0, 0))
	}
	return last + dayNum(c.days)
}

// recurring finds the regular payments over the whole history, largest monthly cost first.
func (b *book) recurring() []RecurringPayment {
	groups := map[string][]int{}
	for i := range b.entries {
		e := &b.entries[i]
		if e.amount < 0 && !e.own && !e.reversal && e.payer != "" {
			key := e.payer + "|" + firstWord(e.src.Description)
			groups[key] = append(groups[key], i)
		}
	}
	out := make([]RecurringPayment, 0, 16)
	for _, idx := range groups {
		if p, ok := b.recurringOf(b.entries[idx[0]].payer, idx); ok {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].MeanAmount != out[j].MeanAmount {
			return out[i].MeanAmount > out[j].MeanAmount
		}
		return out[i].Merchant < out[j].Merchant
	})
	return out
}

// firstWord returns a description's first word, which names the payment
// channel in most bank exports (DIRECT DEBIT, STANDING ORDER, a card merchant).
func firstWord(desc string) string {
	if i := strings.IndexByte(desc, ' '); i >= 0 {
		return desc[:i]
	}
	return desc
}
