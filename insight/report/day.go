package report

import "time"

// day counts calendar days since 1970-01-01.
type day int32

// dayOf is the calendar day of t in its own location, as the KPIs read it:
// its seconds since 1970 in that location, in whole days rounded down.
func dayOf(t time.Time) day {
	_, offset := t.Zone()
	secs := t.Unix() + int64(offset)
	d := secs / 86400
	if secs%86400 < 0 {
		d--
	}
	return day(d)
}

// String prints the day as YYYY-MM-DD.
func (d day) String() string { return time.Unix(int64(d)*86400, 0).UTC().Format(time.DateOnly) }
