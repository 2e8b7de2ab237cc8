package report

import (
	"strconv"
)

// returnedTable prints the payments given back unpaid.
func (d *reportDoc) returnedTable() {
	rs := d.r.ReturnedPayments
	d.section("Returned payments", tableNeed(len(rs)))
	if len(rs) == 0 {
		d.none("No payment was returned unpaid over the period.")
		return
	}
	cols := []column{{"Returned", 22, "L"}, {"Debited", 22, "L"}, {"Account", 40, "L"}, {"Payee", 68, "L"},
		{"Amount", 28, "R"}}
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		rows = append(rows, []string{longDate(r.Date), longDate(r.DebitDate), d.accountName(r.Account), orDash(r.Party),
			r.Amount.Format(d.r.Currency)})
	}
	d.table(cols, rows, nil)
}

// feeTable prints the bank charges, the uncertain ones in grey.
func (d *reportDoc) feeTable() {
	fs := d.r.Fees
	d.section("Fees", tableNeed(len(fs)))
	if len(fs) == 0 {
		d.none("No bank charges over the period.")
		return
	}
	cols := []column{{"Date", 22, "L"}, {"Account", 30, "L"}, {"Kind", 36, "L"}, {"Description", 68, "L"},
		{"Amount", 24, "R"}}
	rows := make([][]string, 0, len(fs))
	for _, f := range fs {
		rows = append(rows, []string{longDate(f.Date), d.accountName(f.Account), marked(categoryLabel(f.Category), f.Uncertain),
			f.Description, f.Amount.Format(d.r.Currency)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if fs[i].Uncertain {
			return &inkMuted
		}
		return nil
	})
}

// overdraftTable prints the spells below zero of current accounts.
func (d *reportDoc) overdraftTable() {
	spells := d.r.Overdrafts
	d.section("Days below zero", tableNeed(len(spells)))
	if len(spells) == 0 {
		d.none("No current account ended a day below zero over the period.")
		return
	}
	cols := []column{{"Account", 62, "L"}, {"From", 30, "L"}, {"To", 30, "L"}, {"Days", 22, "R"},
		{"Lowest balance", 36, "R"}}
	rows := make([][]string, 0, len(spells))
	for _, o := range spells {
		rows = append(rows, []string{d.accountName(o.Account), longDate(o.From), longDate(o.To), strconv.Itoa(o.Days),
			o.Lowest.Format(d.r.Currency)})
	}
	d.table(cols, rows, func(_, j int) *ink {
		if j == 4 {
			return &inkAlert
		}
		return nil
	})
}

// accountName is the name of the report's account of an id, the id itself
// when the report has no such account.
func (d *reportDoc) accountName(id string) string {
	for i := range d.r.Accounts {
		if d.r.Accounts[i].ID == id {
			return d.r.Accounts[i].Name
		}
	}
	return id
}
