package banks

import "time"

// day is a calendar date counted in days since 1970-01-01; the generator works in whole days.
type day int32

// civil returns the day of a date; out-of-range days and months normalise like time.Date.
func civil(y int, m time.Month, d int) day {
	return day(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// dayOf returns the UTC calendar date of t.
func dayOf(t time.Time) day {
	y, m, d := t.UTC().Date()
	return civil(y, m, d)
}

// Time returns midnight UTC of the day.
func (d day) Time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

func (d day) weekday() time.Weekday { return time.Weekday((int64(d) + 4) % 7) }

// dayInfo is what the generator asks about a date, computed once per run.
type dayInfo struct {
	year      int
	month     time.Month
	dom       int    // day of month
	monthDays int    // days in the month
	banking   bool   // a weekday that is not a bank holiday in England
	stamp     string // YYYYMMDD, the prefix of transaction ids
}

// calendar answers date questions for the days of one generation run.
type calendar struct {
	first day
	days  []dayInfo
}

// newCalendar covers [from, to] and a few weeks beyond for look-ahead.
func newCalendar(from, to day) *calendar {
	to += 40
	holidays := map[day]bool{}
	for y := from.Time().Year(); y <= to.Time().Year(); y++ {
		for _, h := range englandHolidays(y) {
			holidays[h] = true
		}
	}
	c := &calendar{first: from, days: make([]dayInfo, 0, to-from+1)}
	for d := from; d <= to; d++ {
		t := d.Time()
		wd := d.weekday()
		c.days = append(c.days, dayInfo{
			year: t.Year(), month: t.Month(), dom: t.Day(),
			monthDays: time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day(),
			banking:   wd != time.Saturday && wd != time.Sunday && !holidays[d],
			stamp:     t.Format("20060102"),
		})
	}
	return c
}

// at returns the facts of a covered day.
func (c *calendar) at(d day) *dayInfo { return &c.days[d-c.first] }

// banking reports whether d is an English banking day.
func (c *calendar) banking(d day) bool { return c.at(d).banking }

// nextBanking returns d if it is a banking day, else the next one.
func (c *calendar) nextBanking(d day) day {
	for !c.banking(d) {
		d++
	}
	return d
}

// prevBanking returns d if it is a banking day, else the previous one (not before the range).
func (c *calendar) prevBanking(d day) day {
	for d > c.first && !c.banking(d) {
		d--
	}
	return d
}

// addBanking returns the n-th banking day after d.
func (c *calendar) addBanking(d day, n int) day {
	for ; n > 0; n-- {
		d = c.nextBanking(d + 1)
	}
	return d
}

// inMonth returns the day of the given day of month in d's month, clamped to its length.
func (c *calendar) inMonth(d day, dom int) day {
	info := c.at(d)
	return d - day(info.dom) + day(min(dom, info.monthDays))
}
