package admin

import (
	"fmt"

	"openbank/console"
	"openbank/views"
)

// bankRows says how each bank reached over the network has been
// answering: a bank that is down or refuses Openbank stands out.
func bankRows(list []console.BankHealth) []views.AdminBank {
	out := make([]views.AdminBank, 0, len(list))
	for _, b := range list {
		h := b.Health
		row := views.AdminBank{Code: b.Info.Code, Name: b.Info.Name, Country: b.Info.Country, Environment: string(b.Info.Environment),
			Counts: fmt.Sprintf("%d retried, %d unavailable, %d throttled, %d bad answers", h.Retries, h.Unavailable, h.Throttled, h.BadAnswers)}
		switch {
		case !h.Answering():
			row.Bad = true
			row.State = "failing since " + h.LastFailure.UTC().Format(timeLayout) + ": " + h.Failure
		case !h.LastOK.IsZero():
			row.State = "answering (last answer " + h.LastOK.UTC().Format(timeLayout) + ")"
		default:
			row.State = "not asked yet"
		}
		out = append(out, row)
	}
	return out
}
