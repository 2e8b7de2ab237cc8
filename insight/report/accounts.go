package report

import (
	"strings"
	"time"

	"openbank/i18n"
	"openbank/insight/ledger"
)

// ReportAccount is one account as a report shows it, with the days its
// transactions cover: from the first to the newest booked on or before the
// request day, nil when it has none. Accounts of every currency are listed.
type ReportAccount struct {
	ID                string             `json:"id"`
	Name              string             `json:"name"`
	Type              ledger.AccountKind `json:"type"`
	IBAN              string             `json:"iban"` // masked: country, check digits and the last four characters
	Currency          string             `json:"currency"`
	Balance           Amount             `json:"balance"`
	Transactions      int                `json:"transactions"`      // booked on or before the request day
	FirstTransaction  *string            `json:"firstTransaction"`  // YYYY-MM-DD
	NewestTransaction *string            `json:"newestTransaction"` // YYYY-MM-DD
}

// AccountLabel is what a bank calls an account, which a ledger does not keep.
type AccountLabel struct {
	Name string
	IBAN string // in full; the report keeps it masked
}

// reportAccounts lists a ledger's accounts, named after their kind until
// LabelAccounts names them, with the days their entries dated on or before
// today cover.
func reportAccounts(p i18n.Printer, l *ledger.Ledger, today time.Time) []ReportAccount {
	out := make([]ReportAccount, 0, len(l.Accounts))
	index := make(map[string]int, len(l.Accounts))
	for i, a := range l.Accounts {
		out = append(out, ReportAccount{ID: a.ID, Name: accountKindName(p, a.Type), Type: a.Type,
			Currency: a.Currency, Balance: Amount(a.Balance)})
		index[a.ID] = i
	}
	first, newest, last := make([]day, len(out)), make([]day, len(out)), dayOf(today)
	for i := range l.Entries {
		e := &l.Entries[i]
		j, ok := index[e.AccountID]
		if d := dayOf(e.Date); ok && d <= last {
			if out[j].Transactions == 0 || d < first[j] {
				first[j] = d
			}
			newest[j] = max(newest[j], d)
			out[j].Transactions++
		}
	}
	for j := range out {
		if out[j].Transactions > 0 {
			from, to := first[j].String(), newest[j].String()
			out[j].FirstTransaction, out[j].NewestTransaction = &from, &to
		}
	}
	return out
}

// LabelAccounts gives the report's accounts the names and masked IBANs of
// labels, by account id; accounts without a label keep their kind as name.
func (r *Report) LabelAccounts(labels map[string]AccountLabel) {
	for i := range r.Accounts {
		label, ok := labels[r.Accounts[i].ID]
		if !ok {
			continue
		}
		if label.Name != "" {
			r.Accounts[i].Name = label.Name
		}
		r.Accounts[i].IBAN = MaskIBAN(label.IBAN)
	}
}

// MaskIBAN hides all of an IBAN but its country, check digits and last four
// characters: "GB29 **** 5678". An identifier too short to show that much
// keeps only its last two characters.
func MaskIBAN(iban string) string {
	s := strings.ToUpper(strings.Join(strings.Fields(iban), ""))
	switch {
	case s == "":
		return ""
	case len(s) < 10:
		return "****" + s[max(0, len(s)-2):]
	}
	return s[:4] + " **** " + s[len(s)-4:]
}

// accountKindName is how a report names an account of a kind.
func accountKindName(p i18n.Printer, k ledger.AccountKind) string {
	switch k {
	case ledger.CurrentAccount:
		return p.Text("report.account.current")
	case ledger.SavingsAccount:
		return p.Text("report.account.savings")
	case ledger.CreditCardAccount:
		return p.Text("report.account.creditCard")
	}
	return string(k)
}
