package report

import (
	"math"
	"strings"

	"openbank/i18n"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// reasonKeys are the catalogue messages of the reasons a score gives, by
// the code of the characteristic that cost the points; {value} is what it read.
var reasonKeys = map[string]string{
	"inflowLowMonths": "report.reason.inflowLowMonths", "balanceMin": "report.reason.balanceMin",
	"balanceMean": "report.reason.balanceMean", "balanceTrend": "report.reason.balanceTrend",
	"daysBelowZero": "report.reason.daysBelowZero", "netCashFlow": "report.reason.netCashFlow",
	"returnedPayments": "report.reason.returnedPayments", "historyMonths": "report.reason.historyMonths",
	"creditLineUse": "report.reason.creditLineUse", "incomeCover": "report.reason.incomeCover",
	"regularSalary": "report.reason.regularSalary", "overdraftFees": "report.reason.overdraftFees",
	"returnedFees": "report.reason.returnedFees", "gamblingShare": "report.reason.gamblingShare",
	"shortTermCredit": "report.reason.shortTermCredit", "debtCollection": "report.reason.debtCollection",
	"unsecuredCreditShare": "report.reason.unsecuredCreditShare", "inflowCover": "report.reason.inflowCover",
	"balanceMinAmount": "report.reason.balanceMinAmount", "balanceStartAmount": "report.reason.balanceStartAmount",
	"inflowDips": "report.reason.inflowDips", "daysNegative": "report.reason.daysNegative",
	"cashCover": "report.reason.cashCover", "daysNearLimit": "report.reason.daysNearLimit",
	"revenueCover": "report.reason.revenueCover", "newCredit": "report.reason.newCredit",
	"lateTax": "report.reason.lateTax",
}

// localReasons writes a score's reasons in the language of p from what
// their characteristics read in k; the codes and points stay. A reason of
// no known characteristic keeps its English sentence.
func localReasons(p i18n.Printer, k *kpi.KPIs, reasons []score.Reason) []score.Reason {
	out := make([]score.Reason, len(reasons))
	for i, r := range reasons {
		out[i] = r
		if r.Code == score.ReasonNoIncome {
			out[i].Text = p.Text("report.reason.noIncome")
			continue
		}
		facts, ok := score.ReasonFactsOf(k, r.Code)
		key, known := reasonKeys[r.Code]
		if !ok || !known {
			continue
		}
		if r.Code == "creditLineUse" && k.Kind == ledger.BusinessSubject {
			key = "report.reason.creditLineUse.business"
		}
		out[i].Text = p.Text(key, "value", reasonValue(p, facts))
		if facts.Unit == "incomeShare" && facts.NoIncome {
			out[i].Text = p.Text("report.reason.noIncomeShare", "reason", strings.TrimSuffix(out[i].Text, "."))
		}
	}
	return out
}

// reasonValue writes what a characteristic read in its unit, as the
// English reason does: a percentage, a count, months, months of money in
// or out, or an amount.
func reasonValue(p i18n.Printer, f score.ReasonFacts) string {
	switch f.Unit {
	case "percent", "incomeShare":
		return percentIn(p, f.Value)
	case "months":
		return decimalIn(p, f.Value, 1)
	case "amount":
		return p.Text("report.reason.amount", "amount", p.Number(int(math.Round(f.Value))))
	case "cover":
		if math.Round(f.Value*10) < 0 {
			return p.Text("report.reason.coverIn", "months", decimalIn(p, f.Value, 1))
		}
		return p.Text("report.reason.coverOut", "months", decimalIn(p, math.Abs(f.Value), 1))
	}
	return countIn(p, int(math.Round(f.Value)))
}
