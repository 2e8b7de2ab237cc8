package report

import (
	"strings"

	"openbank/insight/ledger"
)

// ReportAccount is one account as a report shows it.
type ReportAccount struct {
	ID       string             `json:"id"`
	Name     string             `json:"name"`
	Type     ledger.AccountKind `json:"type"`
	IBAN     string             `json:"iban"` // masked: country, check digits and the last four characters
	Currency string             `json:"currency"`
	Balance  Amount             `json:"balance"`
}

// AccountLabel is what a bank calls an account, which a ledger does not keep.
type AccountLabel struct {
	Name string
	IBAN string // in full; the report keeps it masked
}

// reportAccounts lists a ledger's accounts, named after their kind until
// LabelAccounts names them.
func reportAccounts(accounts []ledger.LedgerAccount) []ReportAccount {
	out := make([]ReportAccount, 0, len(accounts))
	for _, a := range accounts {
		out = append(out, ReportAccount{ID: a.ID, Name: accountKindName(a.Type), Type: a.Type,
			Currency: a.Currency, Balance: Amount(a.Balance)})
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
func accountKindName(k ledger.AccountKind) string {
	switch k {
	case ledger.CurrentAccount:
		return "Current account"
	case ledger.SavingsAccount:
		return "Savings account"
	case ledger.CreditCardAccount:
		return "Credit card"
	}
	return string(k)
}
