package results

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// Analytics is the document GET /subjects/{subjectId}/analytics answers:
// the KPIs of the subject's main currency over every window and, apart,
// those of its other currencies, its score (or why it has none), its
// categories month by month, its income streams and its recurring payments.
// Amounts are minor units; amounts of different currencies are never added.
type Analytics struct {
	SubjectID    string             `json:"subjectId"`
	Kind         ledger.SubjectKind `json:"kind"`
	DataAsOf     time.Time          `json:"dataAsOf"` // the newest successful fetch or upload
	GeneratedAt  time.Time          `json:"generatedAt"`
	Accounts     int                `json:"accounts"`
	Transactions int                `json:"transactions"`
	Score        *score.Score       `json:"score"` // of the main currency; null when not scored
	// NotScoredReason is the minimum scoring criterion the data fails; null with a score.
	NotScoredReason   *score.NotScoredReason `json:"notScoredReason"`
	KPIs              *kpi.KPIs              `json:"kpis"` // of the main currency
	OtherCurrencies   []CurrencyKPIs         `json:"otherCurrencies"`
	CategoriesByMonth []MonthCategories      `json:"categoriesByMonth"` // of the main currency
	IncomeStreams     []kpi.IncomeStream     `json:"incomeStreams"`
	RecurringPayments []kpi.RecurringPayment `json:"recurringPayments"`
}

// CurrencyKPIs are the KPIs of a currency other than the main one.
type CurrencyKPIs struct {
	Currency string    `json:"currency"`
	KPIs     *kpi.KPIs `json:"kpis"`
}

// MonthCategories is one calendar month's money in and out by category.
type MonthCategories struct {
	Month      string           `json:"month"` // YYYY-MM
	In         int64            `json:"in"`
	Out        int64            `json:"out"` // positive
	Categories []CategoryAmount `json:"categories"`
}

// CategoryAmount is a category's money in a month; transactions without a
// category are under Uncategorised.
type CategoryAmount struct {
	Category string `json:"category"`
	In       int64  `json:"in"`
	Out      int64  `json:"out"` // positive
	Count    int    `json:"count"`
}

// Uncategorised is the category of transactions the categoriser has not
// (yet) categorised.
const Uncategorised = "uncategorised"

// analyticsMonths is how many calendar months the category breakdown covers.
const analyticsMonths = 12

// analyse computes the analytics of a ledger on the request day now, as of
// its newest data: the main currency's KPIs and score, the other
// currencies' KPIs apart.
func analyse(d *subjectData, l *ledger.Ledger, now time.Time) (*Analytics, error) {
	all := kpi.ComputeByCurrency(l, now)
	k := all[0]
	asOf, err := time.Parse(time.DateOnly, k.AsOf)
	if err != nil {
		return nil, fmt.Errorf("results: KPIs as of %q: %w", k.AsOf, err)
	}
	a := &Analytics{SubjectID: d.SubjectID, Kind: l.Kind, DataAsOf: d.AsOf, GeneratedAt: now,
		Accounts: len(l.Accounts), Transactions: len(l.Entries), KPIs: k, OtherCurrencies: make([]CurrencyKPIs, 0),
		CategoriesByMonth: categoriesByMonth(l.ByCurrency(now)[0], asOf), RecurringPayments: k.Recurring,
		IncomeStreams: make([]kpi.IncomeStream, 0)}
	for _, other := range all[1:] {
		a.OtherCurrencies = append(a.OtherCurrencies, CurrencyKPIs{Currency: other.Currency, KPIs: other})
	}
	if a.RecurringPayments == nil {
		a.RecurringPayments = make([]kpi.RecurringPayment, 0)
	}
	if w := k.Window(365); w != nil && w.Income.Streams != nil {
		a.IncomeStreams = w.Income.Streams
	}
	cards, err := score.DefaultScorecards()
	if err != nil {
		return nil, errors.Join(errors.New("results: scorecards"), err)
	}
	if s, reason := cards.Assess(k); s != nil {
		a.Score = s
	} else {
		a.NotScoredReason = &reason
	}
	return a, nil
}

// categoriesByMonth sums the entries of the last analyticsMonths calendar
// months up to asOf by month and category, newest month first, each
// month's categories by money out, largest first.
func categoriesByMonth(l *ledger.Ledger, asOf time.Time) []MonthCategories {
	y, m, _ := asOf.Date()
	first := time.Date(y, m-analyticsMonths+1, 1, 0, 0, 0, 0, time.UTC)
	last := time.Date(y, m, asOf.Day(), 0, 0, 0, 0, time.UTC)
	months := make([]MonthCategories, analyticsMonths)
	index := make([]map[string]int, analyticsMonths)
	for i := range months {
		months[i] = MonthCategories{Month: first.AddDate(0, analyticsMonths-1-i, 0).Format("2006-01"),
			Categories: make([]CategoryAmount, 0)}
		index[i] = map[string]int{}
	}
	for i := range l.Entries {
		e := &l.Entries[i]
		day := time.Date(e.Date.Year(), e.Date.Month(), e.Date.Day(), 0, 0, 0, 0, time.UTC)
		if day.Before(first) || day.After(last) {
			continue
		}
		slot := (y-day.Year())*12 + int(m-day.Month())
		months[slot].add(index[slot], e)
	}
	for i := range months {
		c := months[i].Categories
		sort.Slice(c, func(a, b int) bool {
			return c[a].Out > c[b].Out || (c[a].Out == c[b].Out && c[a].Category < c[b].Category)
		})
	}
	return months
}

// add counts an entry in its month and category.
func (mc *MonthCategories) add(index map[string]int, e *ledger.LedgerEntry) {
	code := e.Category
	if code == "" {
		code = Uncategorised
	}
	j, ok := index[code]
	if !ok {
		j = len(mc.Categories)
		index[code] = j
		mc.Categories = append(mc.Categories, CategoryAmount{Category: code})
	}
	c := &mc.Categories[j]
	c.Count++
	if e.Amount >= 0 {
		c.In += e.Amount
		mc.In += e.Amount
		return
	}
	c.Out -= e.Amount
	mc.Out -= e.Amount
}
