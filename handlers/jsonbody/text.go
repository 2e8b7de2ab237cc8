package jsonbody

import (
	"strconv"
	"unicode/utf8"
)

// TextProblem says what makes s unfit for a text column, or "" when
// nothing does: invalid UTF-8, or a control character other than tab, line
// feed and carriage return (U+0000–U+001F, U+007F–U+009F). NUL cannot be
// stored at all; the others are invisible and can rewrite a log line or a
// terminal.
func TextProblem(s string) string {
	if !utf8.ValidString(s) {
		return "must be valid UTF-8"
	}
	for _, r := range s {
		if control(r) {
			return "must not contain the control character " + strconv.QuoteRuneToASCII(r)
		}
	}
	return ""
}

// control tells the control characters that text may not carry.
func control(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	}
	return false
}
