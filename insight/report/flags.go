package report

import (
	"openbank/i18n"
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

// riskFlags reads the flags from the KPIs of the report's window, written
// in the language of p.
func riskFlags(p i18n.Printer, w *kpi.WindowKPIs, currency string) []RiskFlag {
	return []RiskFlag{gamblingFlag(p, w, currency), returnedFlag(p, w, currency), overdraftFlag(p, w, currency),
		paydayFlag(p, w, currency), collectionFlag(p, w, currency)}
}

// gamblingShare is the share of income staked from which gambling is a flag:
// a lottery ticket now and then is not.
const gamblingShare = 0.01

// gamblingFlag is staking 1 % of income or more, or any stake without income.
func gamblingFlag(p i18n.Printer, w *kpi.WindowKPIs, currency string) RiskFlag {
	g := w.Gambling
	f := RiskFlag{Code: "gambling", Label: p.Text("report.flag.gambling"), Count: g.Count, Amount: Amount(max(0, g.Spend)),
		Text: p.Text("report.flag.gambling.none")}
	f.Present = g.Spend > 0 && (g.ShareOfIncome >= gamblingShare || w.Income.Total <= 0)
	args := []string{"bets", countIn(p, g.Count), "days", countIn(p, g.DaysWithBets),
		"amount", amountIn(p, f.Amount, currency), "share", percentIn(p, g.ShareOfIncome)}
	switch {
	case f.Present && w.Income.Total <= 0:
		f.Text = p.Text("report.flag.gambling.noIncome", args...)
	case f.Present:
		f.Text = p.Text("report.flag.gambling.present", args...)
	case g.Count > 0:
		f.Text = p.Text("report.flag.gambling.small", args...)
	}
	return f
}

// returnedFlag is any debit given back unpaid or any fee for one; the count is
// the larger of the two, since a returned payment usually brings a fee.
func returnedFlag(p i18n.Printer, w *kpi.WindowKPIs, currency string) RiskFlag {
	fe := w.Fees
	f := RiskFlag{Code: "returnedPayments", Label: p.Text("report.flag.returnedPayments"),
		Count: max(fe.ReturnedPayments, fe.ReturnedFeeCount), Amount: Amount(fe.ReturnedFees),
		Text: p.Text("report.flag.returnedPayments.none")}
	if f.Present = f.Count > 0; f.Present {
		f.Text = p.Text("report.flag.returnedPayments.present", "returned", countIn(p, fe.ReturnedPayments),
			"fees", countIn(p, fe.ReturnedFeeCount), "amount", amountIn(p, f.Amount, currency))
	}
	return f
}

// overdraftFlag is a current account below zero or an overdraft fee.
func overdraftFlag(p i18n.Printer, w *kpi.WindowKPIs, currency string) RiskFlag {
	days, fe := w.Balance.DaysBelowZero, w.Fees
	f := RiskFlag{Code: "overdraft", Label: p.Text("report.flag.overdraft"), Present: days > 0 || fe.OverdraftFeeCount > 0,
		Count: days, Amount: Amount(fe.OverdraftFees), Text: p.Text("report.flag.overdraft.none")}
	if f.Present {
		f.Text = p.Text("report.flag.overdraft.present", "days", countIn(p, days), "fees", countIn(p, fe.OverdraftFeeCount),
			"amount", amountIn(p, f.Amount, currency))
	}
	return f
}

// paydayFlag is a payday loan taken or repaid.
func paydayFlag(p i18n.Printer, w *kpi.WindowKPIs, currency string) RiskFlag {
	c := w.Credit
	f := RiskFlag{Code: "paydayCredit", Label: p.Text("report.flag.paydayCredit"), Present: c.PaydayCount > 0,
		Count: c.PaydayCount, Amount: Amount(c.Repayments[ledger.CreditPayday]), Text: p.Text("report.flag.paydayCredit.none")}
	if f.Present {
		f.Text = p.Text("report.flag.paydayCredit.present", "loans", countIn(p, c.PaydayCount),
			"amount", amountIn(p, f.Amount, currency))
	}
	return f
}

// collectionFlag is a payment to a debt collector.
func collectionFlag(p i18n.Printer, w *kpi.WindowKPIs, currency string) RiskFlag {
	c := w.Credit
	f := RiskFlag{Code: "debtCollection", Label: p.Text("report.flag.debtCollection"), Present: c.DebtCollection > 0,
		Count: c.DebtCollection, Amount: Amount(c.DebtCollected), Text: p.Text("report.flag.debtCollection.none")}
	if f.Present {
		f.Text = p.Text("report.flag.debtCollection.present", "payments", countIn(p, c.DebtCollection),
			"amount", amountIn(p, f.Amount, currency))
	}
	return f
}
