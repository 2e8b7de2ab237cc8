package widget

import "time"

// longDate writes a date as people read it: "21 February 2027" (UTC).
func longDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2 January 2006")
}
