package banks

import (
	"slices"
	"testing"
	"time"
)

// scheduledMethods are the payment schemes that only book on banking days.
var scheduledMethods = []Method{Card, DirectDebit, StandingOrder, BACS, ATM, Cash, Fee, Interest}

func TestHistoriesAreConsistent(t *testing.T) {
	t.Parallel()
	for _, code := range allCodes() {
		for seed := int64(1); seed <= 6; seed++ {
			hs := run(t, code, seed, ScenarioNormal, testNow)
			cal := newCalendar(dayOf(hs[0].booked[0].BookingDate)-40, dayOf(testNow))
			for _, h := range hs {
				checkBalances(t, code, h)
				checkIDsAndLinks(t, code, h)
				checkDates(t, code, cal, h)
			}
		}
	}
}

// checkBalances: every running balance is the opening balance plus the sum
// of transactions so far; at the end of each day too; and the account's
// balance matches the last one.
func checkBalances(t *testing.T, code string, h history) {
	t.Helper()
	balance, daily := h.opening, map[time.Time]int64{}
	for _, tx := range h.booked {
		balance += tx.Amount
		if tx.BalanceAfter != balance {
			t.Fatalf("%s %s: balance after %s is %d, want %d", code, h.account.Name, tx.ID, tx.BalanceAfter, balance)
		}
		daily[tx.BookingDate] = tx.BalanceAfter
	}
	sum := map[time.Time]int64{}
	for _, tx := range h.booked {
		sum[tx.BookingDate] += tx.Amount
	}
	running := h.opening
	for _, d := range sortedDays(daily) {
		running += sum[d]
		if daily[d] != running {
			t.Fatalf("%s: end of %s balance %d, want %d", code, d, daily[d], running)
		}
	}
	held := int64(0)
	for _, p := range h.pending {
		held += p.Amount
	}
	if h.account.Balance != balance || h.account.Available != balance+held {
		t.Errorf("%s: account balance %d available %d, want %d and %d", code, h.account.Balance, h.account.Available, balance, balance+held)
	}
}

func sortedDays(m map[time.Time]int64) []time.Time {
	out := make([]time.Time, 0, len(m))
	for d := range m {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b time.Time) int { return a.Compare(b) })
	return out
}

// checkIDsAndLinks: ids grow and are unique; each booked card payment names
// exactly one earlier pending id, and no listed pending payment has booked.
func checkIDsAndLinks(t *testing.T, code string, h history) {
	t.Helper()
	all := h.matching(Query{})
	for i := 1; i < len(all); i++ {
		if all[i].ID <= all[i-1].ID {
			t.Fatalf("%s: ids do not grow: %s then %s", code, all[i-1].ID, all[i].ID)
		}
	}
	linked := map[string]bool{}
	for _, tx := range h.booked {
		if tx.PendingID == "" {
			continue
		}
		if linked[tx.PendingID] || tx.PendingID >= tx.ID {
			t.Fatalf("%s: booked %s links pending %s twice or forwards", code, tx.ID, tx.PendingID)
		}
		linked[tx.PendingID] = true
	}
	for _, p := range h.pending {
		if linked[p.ID] || p.Status != Pending || !p.BookingDate.IsZero() || p.PendingID != "" {
			t.Fatalf("%s: pending %+v is inconsistent", code, p)
		}
	}
}

// checkDates: scheduled payments book on banking days, value dates are not
// after booking dates, and every transaction has a TAXONOMY.md category.
func checkDates(t *testing.T, code string, cal *calendar, h history) {
	t.Helper()
	for _, tx := range h.booked {
		d := dayOf(tx.BookingDate)
		if slices.Contains(scheduledMethods, tx.Method) && !cal.banking(d) {
			t.Errorf("%s: %s %s books on %s, not a banking day", code, tx.Method, tx.ID, tx.BookingDate.Format(time.DateOnly))
		}
		if tx.Method == Card && tx.PendingID != "" {
			authorised := dayOf(tx.TransactionDate)
			if d < cal.addBanking(authorised, 1) || d > cal.addBanking(authorised, 3) {
				t.Errorf("%s: card payment %s booked %d days after authorisation", code, tx.ID, d-authorised)
			}
		}
		if tx.ValueDate.After(tx.BookingDate) || tx.TransactionDate.After(tx.BookingDate) {
			t.Errorf("%s: %s has dates out of order", code, tx.ID)
		}
		if !slices.Contains(taxonomy, tx.TrueCategory) {
			t.Errorf("%s: %s has category %q", code, tx.ID, tx.TrueCategory)
		}
	}
}
