package i18n

import (
	"strconv"
	"time"
)

// monthKeys are the catalogue's month names, January first.
var monthKeys = [12]string{"date.month.1", "date.month.2", "date.month.3", "date.month.4", "date.month.5",
	"date.month.6", "date.month.7", "date.month.8", "date.month.9", "date.month.10", "date.month.11",
	"date.month.12"}

// Date writes a day as the language writes it in a sentence, in UTC
// ("21 February 2027", "21. Februar 2027"); "" for the zero time.
func (p Printer) Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	t = t.UTC()
	return p.Text("date.long", "day", strconv.Itoa(t.Day()), "month", p.Text(monthKeys[t.Month()-1]), "year", strconv.Itoa(t.Year()))
}
