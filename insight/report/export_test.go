package report

import "time"

// AccountKindName lets the external tests tell a labelled account's name
// from the name given to an account of its kind.
var AccountKindName = accountKindName

// CategoryLabel lets the external tests check that every category has a name.
var CategoryLabel = categoryLabel

// DayOf lets the external tests check the calendar day of a time.
func DayOf(t time.Time) string { return dayOf(t).String() }
