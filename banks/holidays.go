package banks

import "time"

// extraHolidays are one-off England and Wales bank holidays proclaimed for royal events.
var extraHolidays = []struct {
	y        int
	m        time.Month
	d        int
	replaces string // "early" or "spring": the regular May holiday this date stands in for
}{
	{1999, time.December, 31, ""},
	{2002, time.June, 3, ""}, {2002, time.June, 4, "spring"},
	{2011, time.April, 29, ""},
	{2012, time.June, 4, "spring"}, {2012, time.June, 5, ""},
	{2020, time.May, 8, "early"},
	{2022, time.June, 2, "spring"}, {2022, time.June, 3, ""},
	{2022, time.September, 19, ""},
	{2023, time.May, 8, ""},
}

// englandHolidays returns the bank holidays of England and Wales in a year.
func englandHolidays(year int) []day {
	early, spring := firstMonday(year, time.May), lastMonday(year, time.May)
	var out []day
	for _, x := range extraHolidays {
		if x.y != year {
			continue
		}
		out = append(out, civil(x.y, x.m, x.d))
		switch x.replaces {
		case "early":
			early = -1
		case "spring":
			spring = -1
		}
	}
	easter := easterSunday(year)
	out = append(out, substitute(civil(year, time.January, 1)), easter-2, easter+1)
	if early >= 0 {
		out = append(out, early)
	}
	if spring >= 0 {
		out = append(out, spring)
	}
	out = append(out, lastMonday(year, time.August))
	return append(out, christmas(year)...)
}

// substitute moves a holiday falling on a weekend to the following Monday.
func substitute(d day) day {
	for d.weekday() == time.Saturday || d.weekday() == time.Sunday {
		d++
	}
	return d
}

// christmas returns Christmas Day and Boxing Day or their substitutes.
func christmas(year int) []day {
	xmas := civil(year, time.December, 25)
	switch xmas.weekday() {
	case time.Friday:
		return []day{xmas, xmas + 3}
	case time.Saturday:
		return []day{xmas + 2, xmas + 3}
	case time.Sunday:
		return []day{xmas + 1, xmas + 2}
	}
	return []day{xmas, xmas + 1}
}

func firstMonday(year int, m time.Month) day {
	d := civil(year, m, 1)
	for d.weekday() != time.Monday {
		d++
	}
	return d
}

func lastMonday(year int, m time.Month) day {
	d := civil(year, m+1, 1) - 1
	for d.weekday() != time.Monday {
		d--
	}
	return d
}

// easterSunday uses the anonymous Gregorian computus.
func easterSunday(y int) day {
	a, b, c := y%19, y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	n := h + l - 7*m + 114
	return civil(y, time.Month(n/31), n%31+1)
}
