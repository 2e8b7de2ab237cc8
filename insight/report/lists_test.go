package report_test

import (
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/train"
)

// TestListsAddUpToTheKPIs checks that the report's dated lists hold what the
// KPIs of its period count: returned payments, fees, days below zero, bets,
// payments to debt collectors, lenders and income sources, for customers of
// every risk and of several accounts; rows whose category is uncertain are
// left out of the KPIs and so of the sums.
func TestListsAddUpToTheKPIs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		kind ledger.SubjectKind
		data func(testing.TB) ([]banks.Account, []banks.Transaction)
	}{
		{"high risk", ledger.ConsumerSubject, bankOf(banks.ConsumerHighRisk, 3)},
		{"multi-account", ledger.ConsumerSubject, bankOf(banks.ConsumerMultiAccount, 11)},
		{"busy", ledger.ConsumerSubject, busyData},
		{"business", ledger.BusinessSubject, bankOf(banks.BusinessHighRisk, 5)},
		{"risky persona", ledger.ConsumerSubject, personaOf(1, 2)},
		{"safe persona", ledger.ConsumerSubject, personaOf(0, 2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			accounts, txs := tc.data(t)
			l := train.LedgerFromBank(tc.kind, accounts, txs, nil)
			r, err := report.BuildReport("s", l, scoreNow, reportGenerated)
			if err != nil {
				t.Fatal(err)
			}
			checkLists(t, r, kpi.ComputeKPIs(l, scoreNow).Window(365))
		})
	}
	t.Run("uncertain categories", func(t *testing.T) {
		l := smallLedger()
		r, err := report.BuildReport("s", l, day(11), day(11))
		if err != nil {
			t.Fatal(err)
		}
		checkLists(t, r, kpi.ComputeKPIs(l, day(11)).Window(365))
	})
}

// bankOf is the data of a mock bank's customer.
func bankOf(code string, seed int64) func(testing.TB) ([]banks.Account, []banks.Transaction) {
	return func(t testing.TB) ([]banks.Account, []banks.Transaction) { return bankData(t, code, seed) }
}

// personaOf is the data of a consumer persona at a latent risk.
func personaOf(risk float64, seed int64) func(testing.TB) ([]banks.Account, []banks.Transaction) {
	return func(t testing.TB) ([]banks.Account, []banks.Transaction) {
		accounts, txs, err := banks.GeneratePersona(banks.PersonaConsumer, risk, seed, scoreNow)
		if err != nil {
			t.Fatal(err)
		}
		return accounts, txs
	}
}

// checkLists compares the lists of a report with the KPIs of its window.
func checkLists(t *testing.T, r *report.Report, w *kpi.WindowKPIs) {
	t.Helper()
	if len(r.ReturnedPayments) != w.Fees.ReturnedPayments {
		t.Errorf("%d returned payments listed, the KPIs count %d", len(r.ReturnedPayments), w.Fees.ReturnedPayments)
	}
	fees := map[string]struct {
		n   int
		sum report.Amount
	}{}
	for _, f := range r.Fees {
		if f.Uncertain {
			continue
		}
		v := fees[f.Category]
		v.n, v.sum = v.n+1, v.sum+f.Amount
		fees[f.Category] = v
	}
	if o := fees[ledger.FeesOverdraft]; o.n != w.Fees.OverdraftFeeCount || o.sum != report.Amount(w.Fees.OverdraftFees) {
		t.Errorf("overdraft fees: %d listed for %s, the KPIs count %d for %d", o.n, o.sum, w.Fees.OverdraftFeeCount, w.Fees.OverdraftFees)
	}
	if f := fees[ledger.FeesReturned]; f.n != w.Fees.ReturnedFeeCount || f.sum != report.Amount(w.Fees.ReturnedFees) {
		t.Errorf("returned fees: %d listed for %s, the KPIs count %d for %d", f.n, f.sum, w.Fees.ReturnedFeeCount, w.Fees.ReturnedFees)
	}
	if days := daysBelowZero(t, r.Overdrafts); days != w.Balance.DaysBelowZero {
		t.Errorf("%d days below zero in the spells, the KPIs count %d", days, w.Balance.DaysBelowZero)
	}
	var bets int
	var staked, won report.Amount
	for _, g := range certain(r.Gambling, func(g report.GamblingOperator) bool { return g.Uncertain }) {
		bets, staked, won = bets+g.Bets, staked+g.Staked, won+g.Won
	}
	// The KPIs' spend is what was staked, winnings apart.
	if bets != w.Gambling.Count || staked != report.Amount(w.Gambling.Spend) || won != report.Amount(w.Gambling.Winnings) {
		t.Errorf("gambling: %d bets, %s staked, %s won; the KPIs count %d, %d, %d", bets, staked, won,
			w.Gambling.Count, w.Gambling.Spend, w.Gambling.Winnings)
	}
	var payments int
	var paid report.Amount
	for _, c := range certain(r.DebtCollectors, func(c report.DebtCollector) bool { return c.Uncertain }) {
		payments, paid = payments+c.Payments, paid+c.Paid
	}
	if payments != w.Credit.DebtCollection || paid != report.Amount(w.Credit.DebtCollected) {
		t.Errorf("debt collectors: %d payments, %s; the KPIs count %d, %d", payments, paid, w.Credit.DebtCollection, w.Credit.DebtCollected)
	}
	checkLenders(t, r.Lenders, &w.Credit)
	if len(r.Income.Sources) != len(w.Income.Streams) || r.Income.Total != report.Amount(w.Income.Total) {
		t.Errorf("%d income sources of %s, the KPIs give %d of %d", len(r.Income.Sources), r.Income.Total,
			len(w.Income.Streams), w.Income.Total)
	}
}

// checkLenders compares the lenders with the credit KPIs.
func checkLenders(t *testing.T, lenders []report.Lender, c *kpi.CreditKPIs) {
	t.Helper()
	names := map[string]bool{}
	var repaid, received report.Amount
	advances := 0
	for _, l := range certain(lenders, func(l report.Lender) bool { return l.Uncertain }) {
		names[l.Name] = true
		repaid, received, advances = repaid+l.Repaid, received+l.Received, advances+l.Advances
	}
	if len(names) != c.Lenders || repaid != report.Amount(c.Total) || received != report.Amount(c.NewCreditAmount) ||
		advances != c.NewCreditCount {
		t.Errorf("lenders: %d named, %s repaid, %s received in %d; the KPIs count %d, %d, %d in %d", len(names), repaid,
			received, advances, c.Lenders, c.Total, c.NewCreditAmount, c.NewCreditCount)
	}
}

// certain keeps the rows whose category is not uncertain.
func certain[T any](rows []T, uncertain func(T) bool) []T {
	var out []T
	for _, r := range rows {
		if !uncertain(r) {
			out = append(out, r)
		}
	}
	return out
}

// daysBelowZero counts the days of the spells on which any account was below zero.
func daysBelowZero(t *testing.T, spells []report.OverdraftSpell) int {
	t.Helper()
	days := map[string]bool{}
	for _, s := range spells {
		from, err1 := time.Parse(time.DateOnly, s.From)
		to, err2 := time.Parse(time.DateOnly, s.To)
		if err1 != nil || err2 != nil || int(to.Sub(from).Hours()/24)+1 != s.Days || s.Lowest >= 0 {
			t.Errorf("spell %+v", s)
		}
		for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
			days[d.Format(time.DateOnly)] = true
		}
	}
	return len(days)
}
