package banks

import (
	"strings"
	"testing"
)

// profile sums what a credit analyst looks at first in one account's history.
type profile struct {
	overdraftDays int   // days ending below zero
	lowestBalance int64 // the lowest end-of-day balance
	gambling      int64 // money spent with bookmakers, pence
	returned      int   // direct debits returned unpaid
	counts        map[string]int
}

func profileOf(h history) profile {
	p := profile{counts: map[string]int{}, lowestBalance: h.opening}
	for i, tx := range h.booked {
		last := i == len(h.booked)-1 || !h.booked[i+1].BookingDate.Equal(tx.BookingDate)
		if last && tx.BalanceAfter < 0 {
			p.overdraftDays++
		}
		p.lowestBalance = min(p.lowestBalance, tx.BalanceAfter)
		if tx.TrueCategory == "gambling" && tx.Amount < 0 {
			p.gambling -= tx.Amount
		}
		if strings.HasPrefix(tx.Description, "RETURNED DIRECT DEBIT") {
			p.returned++
		}
		p.counts[tx.TrueCategory]++
	}
	return p
}

const behaviourSeeds = 100

func TestConsumerHighRiskIsRiskier(t *testing.T) {
	t.Parallel()
	var overdraft, gambling, returned, borrowed int
	for seed := int64(1); seed <= behaviourSeeds; seed++ {
		low := profileOf(run(t, ConsumerLowRisk, seed, ScenarioNormal, testNow)[0])
		high := profileOf(run(t, ConsumerHighRisk, seed, ScenarioNormal, testNow)[0])
		overdraft += btoi(high.overdraftDays > low.overdraftDays)
		gambling += btoi(high.gambling > low.gambling)
		returned += btoi(high.returned > low.returned)
		borrowed += btoi(high.counts["credit.inflow"] > 0 && high.counts["credit.payday"] > 0)
	}
	t.Logf("high risk wins of %d seeds: overdraft days %d, gambling %d, returned debits %d, payday loans %d",
		behaviourSeeds, overdraft, gambling, returned, borrowed)
	for name, wins := range map[string]int{"overdraft days": overdraft, "gambling spend": gambling,
		"returned debits": returned, "payday loans": borrowed} {
		if wins < behaviourSeeds*95/100 {
			t.Errorf("high risk has more %s in %d of %d seeds, want at least 95%%", name, wins, behaviourSeeds)
		}
	}
}

func TestBusinessBanks(t *testing.T) {
	t.Parallel()
	var riskier, atLimit int
	for seed := int64(1); seed <= behaviourSeeds; seed++ {
		lowH, highH := run(t, BusinessLowRisk, seed, ScenarioNormal, testNow)[0], run(t, BusinessHighRisk, seed, ScenarioNormal, testNow)[0]
		low, high := profileOf(lowH), profileOf(highH)
		for _, p := range []profile{low, high} {
			for _, c := range []string{"business.payroll", "business.tax", "business.revenue", "business.card_settlement", "business.suppliers", "business.rent"} {
				if p.counts[c] == 0 {
					t.Errorf("seed %d: a business has no %s", seed, c)
				}
			}
		}
		riskier += btoi(high.overdraftDays > low.overdraftDays)
		atLimit += btoi(high.lowestBalance <= -highH.account.Limit*95/100)
	}
	t.Logf("high-risk business of %d seeds: more overdraft days %d, at its limit %d", behaviourSeeds, riskier, atLimit)
	if riskier < behaviourSeeds*95/100 || atLimit < behaviourSeeds*90/100 {
		t.Errorf("high-risk business: more overdraft days in %d seeds, at its limit in %d of %d", riskier, atLimit, behaviourSeeds)
	}
}

func TestMultiAccountTransfersMatch(t *testing.T) {
	t.Parallel()
	for seed := int64(1); seed <= behaviourSeeds/4; seed++ {
		hs := run(t, ConsumerMultiAccount, seed, ScenarioNormal, testNow)
		if len(hs) != 3 || hs[0].account.Type != Current || hs[1].account.Type != Savings || hs[2].account.Type != CreditCard {
			t.Fatalf("seed %d: accounts are not current, savings, credit card", seed)
		}
		byIBAN := map[string]history{}
		for _, h := range hs {
			byIBAN[h.account.IBAN] = h
		}
		repayments := 0
		for _, tx := range hs[0].booked {
			if tx.TrueCategory == "credit.card" {
				repayments++
			}
		}
		if repayments < 22 {
			t.Errorf("seed %d: %d card repayments in 24 months", seed, repayments)
		}
		for _, h := range hs {
			for _, tx := range h.booked {
				if tx.CounterpartyAccount != "" && !hasLeg(byIBAN[tx.CounterpartyAccount], h.account.IBAN, tx) {
					t.Errorf("seed %d: %s %s has no matching leg", seed, h.account.Name, tx.ID)
				}
			}
		}
	}
}

// hasLeg reports whether other holds the opposite leg of tx.
func hasLeg(other history, from string, tx Transaction) bool {
	for _, o := range other.booked {
		if o.CounterpartyAccount == from && o.Amount == -tx.Amount && o.BookingDate.Equal(tx.BookingDate) {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
