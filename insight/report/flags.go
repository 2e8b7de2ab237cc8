package report

import (
	"fmt"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// RiskFlag is a sign of financial strain a loan officer looks for, over the
// report's period: whether it is present, how often, how much and a sentence.
type RiskFlag struct {
	Code    string `json:"code"` // gambling, returnedPayments, overdraft, paydayCredit, debtCollection
	Label   string `json:"label"`
	Present bool   `json:"present"`
	Count   int    `json:"count"`
	Amount  Amount `json:"amount"` // positive
	Text    string `json:"text"`
}

// riskFlags reads the flags from the KPIs of the report's window.
func riskFlags(w *kpi.WindowKPIs, currency string) []RiskFlag {
	return []RiskFlag{gamblingFlag(w, currency), returnedFlag(w, currency), overdraftFlag(w, currency),
		paydayFlag(w, currency), collectionFlag(w, currency)}
}

// gamblingShare is the share of income staked from which gambling is a flag:
// a lottery ticket now and then is not.
const gamblingShare = 0.01

// gamblingFlag is staking 1 % of income or more, or any stake without income.
func gamblingFlag(w *kpi.WindowKPIs, currency string) RiskFlag {
	g := w.Gambling
	f := RiskFlag{Code: "gambling", Label: "Gambling", Count: g.Count, Amount: Amount(max(0, g.Spend)),
		Text: "No gambling transactions."}
	f.Present = g.Spend > 0 && (g.ShareOfIncome >= gamblingShare || w.Income.Total <= 0)
	switch {
	case f.Present && w.Income.Total <= 0:
		f.Text = fmt.Sprintf("%d bets on %d days, %s staked with no income seen (%s of 100.00 a month).", g.Count,
			g.DaysWithBets, f.Amount.Format(currency), percent(g.ShareOfIncome))
	case f.Present:
		f.Text = fmt.Sprintf("%d bets on %d days, %s staked, %s of income.", g.Count, g.DaysWithBets,
			f.Amount.Format(currency), percent(g.ShareOfIncome))
	case g.Count > 0:
		f.Text = fmt.Sprintf("%d small bets, %s staked, under 1%% of income.", g.Count, f.Amount.Format(currency))
	}
	return f
}

// returnedFlag is any debit given back unpaid or any fee for one; the count is
// the larger of the two, since a returned payment usually brings a fee.
func returnedFlag(w *kpi.WindowKPIs, currency string) RiskFlag {
	fe := w.Fees
	f := RiskFlag{Code: "returnedPayments", Label: "Returned payments", Count: max(fe.ReturnedPayments, fe.ReturnedFeeCount),
		Amount: Amount(fe.ReturnedFees), Text: "No returned payments."}
	if f.Present = f.Count > 0; f.Present {
		f.Text = fmt.Sprintf("%d payments returned unpaid, %d returned-payment fees totalling %s.",
			fe.ReturnedPayments, fe.ReturnedFeeCount, f.Amount.Format(currency))
	}
	return f
}

// overdraftFlag is a current account below zero or an overdraft fee.
func overdraftFlag(w *kpi.WindowKPIs, currency string) RiskFlag {
	days, fe := w.Balance.DaysBelowZero, w.Fees
	f := RiskFlag{Code: "overdraft", Label: "Overdraft", Present: days > 0 || fe.OverdraftFeeCount > 0, Count: days,
		Amount: Amount(fe.OverdraftFees), Text: "No day below zero and no overdraft fees."}
	if f.Present {
		f.Text = fmt.Sprintf("%d days below zero; %d overdraft fees totalling %s.", days, fe.OverdraftFeeCount,
			f.Amount.Format(currency))
	}
	return f
}

// paydayFlag is a payday loan taken or repaid.
func paydayFlag(w *kpi.WindowKPIs, currency string) RiskFlag {
	c := w.Credit
	f := RiskFlag{Code: "paydayCredit", Label: "Payday credit", Present: c.PaydayCount > 0, Count: c.PaydayCount,
		Amount: Amount(c.Repayments[ledger.CreditPayday]), Text: "No payday loans."}
	if f.Present {
		f.Text = fmt.Sprintf("%d payday loans taken or repaid; %s repaid.", c.PaydayCount, f.Amount.Format(currency))
	}
	return f
}

// collectionFlag is a payment to a debt collector.
func collectionFlag(w *kpi.WindowKPIs, currency string) RiskFlag {
	c := w.Credit
	f := RiskFlag{Code: "debtCollection", Label: "Debt collection", Present: c.DebtCollection > 0,
		Count: c.DebtCollection, Amount: Amount(c.DebtCollected), Text: "No payments to debt collectors."}
	if f.Present {
		f.Text = fmt.Sprintf("%d payments to debt collectors totalling %s.", c.DebtCollection, f.Amount.Format(currency))
	}
	return f
}
