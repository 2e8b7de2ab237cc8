package report

import (
	"strconv"
	"strings"
	"time"

	"openbank/i18n"
	"openbank/insight/ledger"
)

// BuildReportIn builds a report as BuildReport does, its names, sentences,
// amounts, figures and days written in lang, one of i18n.Languages (any
// other is English). Its codes and numbers are the same in every language.
func BuildReportIn(lang, subjectID string, l *ledger.Ledger, today, generatedAt time.Time) (*Report, error) {
	return buildReport(i18n.For(lang), subjectID, l, today, generatedAt)
}

// english says whether p writes the report's default language, whose
// amounts, figures and days keep their own compact forms.
func english(p i18n.Printer) bool { return p.Lang() == i18n.Default }

// amountIn prints an amount in the language of p, with its currency:
// "£1,234.56", "1 234,56 €", "€ 1.234,56".
func amountIn(p i18n.Printer, a Amount, currency string) string {
	if english(p) {
		return a.Format(currency)
	}
	return moneyIn(p, float64(a)/100, 2, currency)
}

// wholeIn prints an amount rounded to whole units, as amountIn does.
func wholeIn(p i18n.Printer, a Amount, currency string) string {
	if english(p) {
		return a.FormatWhole(currency)
	}
	v := int64(a)
	if v < 0 {
		v -= 50
	} else {
		v += 50
	}
	return moneyIn(p, float64(v/100), 0, currency)
}

// moneyIn writes x with its currency's symbol, or its code, where the
// language puts it; the sign goes before both.
func moneyIn(p i18n.Printer, x float64, places int, currency string) string {
	sign := ""
	if x < 0 {
		sign, x = "-", -x
	}
	symbol := currency
	switch currency {
	case "GBP":
		symbol = "£"
	case "EUR":
		symbol = "€"
	case "USD":
		symbol = "$"
	}
	return sign + p.Text("report.amount", "number", p.Decimal(x, places), "currency", symbol)
}

// percentIn prints a fraction as a whole percentage in the language of p.
func percentIn(p i18n.Printer, x float64) string {
	if english(p) {
		return percent(x)
	}
	return p.Text("report.percent", "value", strings.TrimSuffix(percent(x), "%"))
}

// decimalIn prints x with places decimals in the language of p.
func decimalIn(p i18n.Printer, x float64, places int) string {
	if english(p) {
		return strconv.FormatFloat(x, 'f', places, 64)
	}
	return p.Decimal(x, places)
}

// countIn prints a count in the language of p, English without grouping.
func countIn(p i18n.Printer, n int) string {
	if english(p) {
		return strconv.Itoa(n)
	}
	return p.Number(n)
}

// groupedIn prints a count grouped in thousands in the language of p.
func groupedIn(p i18n.Printer, n int) string {
	if english(p) {
		return groupThousands(strconv.Itoa(n))
	}
	return p.Number(n)
}

// dayIn prints a YYYY-MM-DD day as the language of p writes it in a table:
// "2 Jan 2006", "02/01/2006", "02.01.2006"; as given when it is not one.
func dayIn(p i18n.Printer, day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil || english(p) {
		return longDate(day)
	}
	return p.Text("report.date", "day", t.Format("02"), "month", t.Format("01"), "year", t.Format("2006"))
}
