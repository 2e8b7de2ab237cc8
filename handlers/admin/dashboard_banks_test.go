package admin

import (
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/console"
)

func TestBankRows(t *testing.T) {
	at := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	info := banks.Info{Code: "musterbank", Name: "Musterbank", Country: "DE", Environment: banks.Production}
	for _, tc := range []struct {
		name   string
		health banks.Health
		state  string
		bad    bool
	}{
		{"never asked", banks.Health{}, "not asked yet", false},
		{"answering", banks.Health{LastOK: at}, "answering (last answer 2026-03-10 12:00 UTC)", false},
		{"down", banks.Health{LastOK: at, LastFailure: at.Add(time.Minute), Failure: "banks: provider: bank unavailable: no answer: timeout", Unavailable: 3},
			"failing since 2026-03-10 12:01 UTC: banks: provider: bank unavailable: no answer: timeout", true},
		{"back", banks.Health{LastOK: at.Add(time.Hour), LastFailure: at, Failure: "x"}, "answering (last answer 2026-03-10 13:00 UTC)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := bankRows([]console.BankHealth{{Info: info, Health: tc.health}})
			if len(rows) != 1 || rows[0].State != tc.state || rows[0].Bad != tc.bad || !strings.Contains(rows[0].Counts, "unavailable") {
				t.Fatalf("row = %+v", rows)
			}
		})
	}
}
