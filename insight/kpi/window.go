package kpi

import "openbank/insight/ledger"

// tally is one pass over a window's entries: totals by category code and the
// monthly buckets that the KPIs are made of.
type tally struct {
	s        span
	n        int
	sum      [len(kpiCodes)]int64 // signed
	count    [len(kpiCodes)]int
	inflow   []int64 // per bucket, category-free
	outflow  []int64 // per bucket, positive, category-free
	income   []int64 // per bucket, categorised
	salary   []int64
	revenue  []int64
	settled  []int64 // card settlements per bucket
	returned int
	winnings int64
	bets     int
	betDays  int
	debts    int
	debtSum  int64
	saved    int64 // moved from current accounts to own accounts, net
	// risk money (riskMarks), and of it the uncertain entries' count and money
	riskMoney, unsureMoney int64
	unsure                 int
}

// newTally runs over the entries of s.
func (b *book) newTally(s span) *tally {
	n := s.buckets()
	buf := make([]int64, 6*n)
	t := &tally{s: s, n: n, inflow: buf[:n], outflow: buf[n : 2*n], income: buf[2*n : 3*n],
		salary: buf[3*n : 4*n], revenue: buf[4*n : 5*n], settled: buf[5*n:]}
	lastBet := dayNum(-1)
	for i := s.lo; i < s.hi; i++ {
		e := &b.entries[i]
		t.add(e, s.bucketOf(e.day, n))
		if e.code == codeTransferOwn && b.accounts[e.account].Type == ledger.CurrentAccount {
			t.saved -= e.amount
		}
		if e.code == codeGambling && e.amount < 0 && e.day != lastBet {
			t.betDays++
			lastBet = e.day
		}
	}
	return t
}

// add counts one entry in bucket k.
func (t *tally) add(e *bookEntry, k int) {
	switch {
	case e.reversal && e.amount > 0:
		t.returned++
	case e.own || e.reversal:
	case e.amount > 0:
		t.inflow[k] += e.amount
	default:
		t.outflow[k] -= e.amount
	}
	if e.collector && !e.uncertain {
		t.debts++
		t.debtSum -= e.amount
	}
	t.countRisk(e)
	if e.code == noCode {
		return
	}
	t.sum[e.code] += e.amount
	t.count[e.code]++
	switch {
	case e.amount > 0 && isIncome(e.code):
		t.income[k] += e.amount
		if e.code == codeSalary {
			t.salary[k] += e.amount
		}
	case e.amount > 0 && (e.code == codeRevenue || e.code == codeSettlement):
		t.revenue[k] += e.amount
		if e.code == codeSettlement {
			t.settled[k] += e.amount
		}
	case e.amount > 0 && e.code == codeGambling:
		t.winnings += e.amount
	case e.amount < 0 && e.code == codeGambling:
		t.bets++
	}
}

// windowKPIs computes every KPI of the last days days.
func (b *book) windowKPIs(days int) WindowKPIs {
	s := b.window(days)
	t := b.newTally(s)
	w := WindowKPIs{Days: days, From: s.from.date(), To: s.to.date(), CoveredDays: s.covered(), Transactions: s.hi - s.lo}
	w.Income = b.incomeKPIs(t)
	w.Spending = t.spending()
	w.CashFlow = t.cashFlow()
	w.Balance = b.balanceKPIs(s)
	w.Fees = t.fees()
	w.Gambling = t.gambling(&w.Income)
	w.Credit = b.creditKPIs(t, &w.Income)
	w.Housing = t.housing()
	w.SavingsRate = t.savingsRate(&w.Income)
	w.Uncertain = t.uncertain()
	if b.kind == ledger.BusinessSubject {
		w.Business = b.businessKPIs(t, &w)
	}
	return w
}

// spending sums categorised outgoings by code and by class.
func (t *tally) spending() SpendingKPIs {
	out := SpendingKPIs{ByCategory: map[string]int64{}, Outflows: sumOf(t.outflow)}
	for i, c := range kpiCodes {
		if c.class == notSpending || t.count[i] == 0 {
			continue
		}
		spent := max(0, -t.sum[i])
		out.ByCategory[c.code] = spent
		out.Total += spent
		switch c.class {
		case essential:
			out.Essential += spent
		case committed:
			out.Committed += spent
		default:
			out.Discretionary += spent
		}
	}
	return out
}

// cashFlow is the category-free net flow per monthly bucket.
func (t *tally) cashFlow() CashFlowKPIs {
	out := CashFlowKPIs{Monthly: make([]MonthFlow, t.n)}
	for k := range t.n {
		from, to := t.bucketDays(k)
		net := t.inflow[k] - t.outflow[k]
		out.Monthly[k] = MonthFlow{From: from.date(), To: to.date(), In: t.inflow[k], Out: t.outflow[k], Net: net}
		out.Net += net
	}
	out.MeanMonthlyNet = int64(float64(out.Net) / t.s.months())
	return out
}

// bucketDays returns the first and last day of bucket k.
func (t *tally) bucketDays(k int) (dayNum, dayNum) {
	c := t.s.covered()
	from := t.s.from + dayNum((k*c+t.n-1)/t.n)
	to := t.s.from + dayNum(((k+1)*c+t.n-1)/t.n) - 1
	return from, to
}
