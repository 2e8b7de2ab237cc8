package kpi

import (
	"time"

	"openbank/insight/ledger"
)

// KPIWindows are the lengths, in days, of the windows KPIs are computed over.
var KPIWindows = []int{30, 90, 180, 365}

// KPIs are the key figures of a subject's ledger in one currency, as of the
// day of its newest transaction. Amounts are minor units of Currency; shares
// and rates are fractions (0.25 is 25 %).
type KPIs struct {
	Kind     ledger.SubjectKind `json:"kind"`
	Currency string             `json:"currency"` // of every amount; "" when the accounts give none
	// AsOf is the day of the newest transaction dated on or before the
	// request day (the request day without one): the windows end there.
	AsOf        string             `json:"asOf"`
	DataAgeDays int                `json:"dataAgeDays"` // days from AsOf to the request day
	Stale       bool               `json:"stale"`       // DataAgeDays above ledger.StaleAfterDays
	FutureDated int                `json:"futureDated"` // transactions dated after the request day, left out
	HistoryDays int                `json:"historyDays"` // days from the first transaction to asOf
	Categorised bool               `json:"categorised"` // most transactions carry a category
	CreditLine  bool               `json:"creditLine"`  // the limits of current and card accounts are known
	Windows     []WindowKPIs       `json:"windows"`
	Recurring   []RecurringPayment `json:"recurring"` // found over the whole history
}

// WindowKPIs are the KPIs over the days ending at asOf. A window longer than
// the history covers only the history; CoveredDays says how much.
type WindowKPIs struct {
	Days         int           `json:"days"`
	From         string        `json:"from"`
	To           string        `json:"to"`
	CoveredDays  int           `json:"coveredDays"`
	Transactions int           `json:"transactions"` // booked in the window
	Income       IncomeKPIs    `json:"income"`
	Spending     SpendingKPIs  `json:"spending"`
	CashFlow     CashFlowKPIs  `json:"cashFlow"`
	Balance      BalanceKPIs   `json:"balance"`
	Fees         FeeKPIs       `json:"fees"`
	Gambling     GamblingKPIs  `json:"gambling"`
	Credit       CreditKPIs    `json:"credit"`
	Housing      HousingKPIs   `json:"housing"`
	SavingsRate  float64       `json:"savingsRate"` // net moved to own savings over the income base
	Uncertain    UncertainKPIs `json:"uncertain"`
	Business     *BusinessKPIs `json:"business,omitempty"`
}

// IncomeKPIs describe money coming in. Inflows and InflowVariation need no
// categories; the rest read them.
type IncomeKPIs struct {
	Total            int64          `json:"total"` // salary, benefits, pension and other income
	Base             int64          `json:"base"`  // what every share of income divides by (IncomeBase)
	MonthlyMean      int64          `json:"monthlyMean"`
	Variation        float64        `json:"variation"` // coefficient of variation of monthly income
	Salary           int64          `json:"salary"`
	Benefits         int64          `json:"benefits"`
	Months           int            `json:"months"` // monthly buckets in the window
	MonthsWithSalary int            `json:"monthsWithSalary"`
	Inflows          int64          `json:"inflows"` // all money in but own transfers and reversals
	InflowVariation  float64        `json:"inflowVariation"`
	Streams          []IncomeStream `json:"streams"`
}

// IncomeStream is money received repeatedly from one payer.
type IncomeStream struct {
	Payer       string `json:"payer"`
	Category    string `json:"category"`
	Count       int    `json:"count"`
	Total       int64  `json:"total"`
	MeanAmount  int64  `json:"meanAmount"`
	Periodicity string `json:"periodicity"` // weekly, fortnightly, monthly, quarterly, irregular
	LastDate    string `json:"lastDate"`
}

// SpendingKPIs describe money going out, positive amounts.
type SpendingKPIs struct {
	Total         int64            `json:"total"` // categorised spending, excluding own transfers
	ByCategory    map[string]int64 `json:"byCategory"`
	Essential     int64            `json:"essential"`
	Committed     int64            `json:"committed"`
	Discretionary int64            `json:"discretionary"`
	Outflows      int64            `json:"outflows"` // all money out but own transfers and reversals
}

// CashFlowKPIs are money in less money out, own transfers excluded.
type CashFlowKPIs struct {
	Net            int64       `json:"net"`
	MeanMonthlyNet int64       `json:"meanMonthlyNet"`
	Monthly        []MonthFlow `json:"monthly"`
}

// MonthFlow is one monthly bucket of a window, oldest first.
type MonthFlow struct {
	From string `json:"from"`
	To   string `json:"to"`
	In   int64  `json:"in"`
	Out  int64  `json:"out"` // positive
	Net  int64  `json:"net"`
}

// BalanceKPIs describe the daily balance of current and savings accounts together,
// rebuilt from today's balances and the transactions.
type BalanceKPIs struct {
	Start         int64   `json:"start"` // before the window's first transaction: Start plus the window's entries is End
	End           int64   `json:"end"`
	Min           int64   `json:"min"`
	Mean          int64   `json:"mean"`
	TrendPerMonth float64 `json:"trendPerMonth"` // least-squares slope, minor units per 30 days
	DaysBelowZero int     `json:"daysBelowZero"` // days any current account ended below zero
	// The share of arranged overdrafts and card limits in use, the largest of
	// the accounts each day (0 when the limits are unknown).
	MaxCreditUse  float64 `json:"maxCreditUse"`
	MeanCreditUse float64 `json:"meanCreditUse"`
	DaysNearLimit int     `json:"daysNearLimit"` // days an account used 90 % or more of its limit
}

// FeeKPIs count bank charges and payments that failed.
type FeeKPIs struct {
	OverdraftFees     int64 `json:"overdraftFees"`
	OverdraftFeeCount int   `json:"overdraftFeeCount"`
	ReturnedPayments  int   `json:"returnedPayments"` // debits given back, found by amounts
	ReturnedFeeCount  int   `json:"returnedFeeCount"` // returned or refused payment fees
	ReturnedFees      int64 `json:"returnedFees"`
}

// GamblingKPIs describe betting.
type GamblingKPIs struct {
	Spend         int64   `json:"spend"`         // what was staked, positive; winnings apart
	Winnings      int64   `json:"winnings"`      // what was won back, positive
	ShareOfIncome float64 `json:"shareOfIncome"` // spend over the income base
	Count         int     `json:"count"`
	DaysWithBets  int     `json:"daysWithBets"`
	PerMonth      float64 `json:"perMonth"`
}

// CreditKPIs describe borrowing and repaying.
type CreditKPIs struct {
	Repayments      map[string]int64 `json:"repayments"` // by credit.* code
	Total           int64            `json:"total"`
	ShareOfIncome   float64          `json:"shareOfIncome"` // total over the income base
	Lenders         int              `json:"lenders"`
	NewCreditCount  int              `json:"newCreditCount"`
	NewCreditAmount int64            `json:"newCreditAmount"`
	PaydayCount     int              `json:"paydayCount"` // payday repayments and payday loans taken
	BNPLCount       int              `json:"bnplCount"`
	DebtCollection  int              `json:"debtCollection"` // payments to debt collectors
	DebtCollected   int64            `json:"debtCollected"`
}

// HousingKPIs are rent and mortgage payments.
type HousingKPIs struct {
	Rent        int64 `json:"rent"`
	Mortgage    int64 `json:"mortgage"`
	MonthlyCost int64 `json:"monthlyCost"`
}

// ComputeKPIs computes the KPIs of l's main currency (ledger.ByCurrency) on
// a request day: over every window of KPIWindows ending at the day of the
// newest transaction dated on or before today (ledger.AsOf), leaving out and
// counting the transactions dated after today.
func ComputeKPIs(l *ledger.Ledger, today time.Time) *KPIs {
	return Open(l, today).KPIs()
}

// ComputeByCurrency computes the KPIs of each currency of l on a request
// day, the main currency first (ledger.ByCurrency), each as ComputeKPIs does.
func ComputeByCurrency(l *ledger.Ledger, today time.Time) []*KPIs {
	parts := l.ByCurrency(today)
	out := make([]*KPIs, len(parts))
	for i, part := range parts {
		out[i] = openBook(part, today).KPIs()
	}
	return out
}

// KPIs computes the book's KPIs over every window of KPIWindows.
func (bk *Book) KPIs() *KPIs {
	b := bk.b
	k := &KPIs{Kind: b.kind, Currency: bk.currency, AsOf: b.asOf.date(), FutureDated: b.future,
		DataAgeDays: ledger.DaysBetween(b.asOf.time(), bk.today), HistoryDays: int(b.asOf-b.first) + 1,
		Categorised: b.categorised, CreditLine: b.creditLine, Recurring: b.recurring()}
	k.Stale = k.DataAgeDays > ledger.StaleAfterDays
	for _, days := range KPIWindows {
		k.Windows = append(k.Windows, b.windowKPIs(days))
	}
	return k
}

// Window returns the KPIs of the window of the given length, or nil.
func (k *KPIs) Window(days int) *WindowKPIs {
	for i := range k.Windows {
		if k.Windows[i].Days == days {
			return &k.Windows[i]
		}
	}
	return nil
}
