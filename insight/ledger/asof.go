package ledger

import "time"

// The day every figure of a ledger is computed as of: analytics describe the
// newest data, not the request day, and say how old that data is.

// AsOf is the day a ledger's figures are computed as of on a request day:
// the day of its newest entry dated on or before today, else today. Entries
// dated after today are left out of every figure (FutureDated counts them).
// Days are calendar days, each time read in its own location.
func (l *Ledger) AsOf(today time.Time) time.Time {
	day := DayOf(today)
	var newest time.Time
	for i := range l.Entries {
		if d := DayOf(l.Entries[i].Date); !d.After(day) && d.After(newest) {
			newest = d
		}
	}
	if newest.IsZero() {
		return day
	}
	return newest
}

// FutureDated counts the entries dated after today.
func (l *Ledger) FutureDated(today time.Time) int {
	day, n := DayOf(today), 0
	for i := range l.Entries {
		if DayOf(l.Entries[i].Date).After(day) {
			n++
		}
	}
	return n
}

// DayOf is the calendar day of t, in t's own location, at midnight UTC.
func DayOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// DaysBetween is the number of calendar days from a to b, negative when b
// is before a.
func DaysBetween(a, b time.Time) int {
	return int(DayOf(b).Sub(DayOf(a)).Hours() / 24)
}
