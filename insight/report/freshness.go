package report

import (
	"openbank/i18n"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// Freshness is how old a report's data was on the request day, as the KPIs
// give it: the newest booked transaction of the main currency (the day the
// figures are computed as of), its age in days and, past
// ledger.StaleAfterDays, a warning that the data may no longer describe the
// subject; and the transactions dated after the request day, left out.
type Freshness struct {
	NewestTransaction string `json:"newestTransaction"` // YYYY-MM-DD
	AgeDays           int    `json:"ageDays"`
	Stale             bool   `json:"stale"`
	Warning           string `json:"warning"` // a sentence when stale, else empty
	FutureDated       int    `json:"futureDated"`
}

// freshnessOf reads the data's age off the KPIs.
func freshnessOf(p i18n.Printer, k *kpi.KPIs) Freshness {
	f := Freshness{NewestTransaction: k.AsOf, AgeDays: k.DataAgeDays, Stale: k.Stale, FutureDated: k.FutureDated}
	if f.Stale {
		f.Warning = p.Text("report.stale", "days", countIn(p, f.AgeDays), "limit", countIn(p, ledger.StaleAfterDays))
	}
	return f
}
