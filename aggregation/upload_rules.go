package aggregation

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits and fixed values of uploads.
const (
	UploadProvider     = "upload" // the provider of uploaded connections
	UploadMethod       = "upload" // the method of uploaded transactions: how the money moved is unknown
	MaxUploadBytes     = 10 << 20 // a request body
	MaxUploadRows      = 100_000  // transactions of one upload, all accounts together
	MaxUploadAccounts  = 100      // accounts of one upload
	MaxDescriptionRune = 500      // characters of a description
	MaxReferenceRune   = 140      // characters of a reference (the SEPA remittance limit)
	MaxAccountNameRune = 100      // characters of an account name
	maxAmountDigits    = 13       // digits before the decimal point
	earliestUploadYear = 1900     // older dates are refused as typing mistakes
	DefaultUploadName  = "Uploaded account"
)

// Subject kinds of an upload.
const (
	KindConsumer = "consumer"
	KindBusiness = "business"
)

// CheckUploadKind accepts consumer or business.
func CheckUploadKind(kind string) error {
	if kind != KindConsumer && kind != KindBusiness {
		return errors.New("is required: consumer or business")
	}
	return nil
}

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

// zeroDecimal lists the ISO 4217 currencies without minor units.
var zeroDecimal = map[string]bool{
	"BIF": true, "CLP": true, "DJF": true, "GNF": true, "ISK": true, "JPY": true, "KMF": true, "KRW": true,
	"PYG": true, "RWF": true, "UGX": true, "UYI": true, "VND": true, "VUV": true, "XAF": true, "XOF": true, "XPF": true,
}

// CheckCurrency accepts an ISO 4217 code: three capital letters.
func CheckCurrency(code string) error {
	if !currencyCode.MatchString(code) {
		return errors.New("must be an ISO 4217 code of three capital letters, e.g. GBP")
	}
	return nil
}

// CurrencyDecimals is how many decimal places an amount in the currency
// may have: 0 for currencies without minor units, else 2. Amounts are kept
// in hundredths, so currencies with three (BHD, KWD...) take two here.
func CurrencyDecimals(code string) int {
	if zeroDecimal[code] {
		return 0
	}
	return 2
}

// CheckUploadText refuses control characters and text longer than max
// characters; empty text is allowed.
func CheckUploadText(s string, max int) error {
	if !utf8.ValidString(s) {
		return errors.New("is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("must be at most %d characters, got %d", max, n)
	}
	if i := strings.IndexFunc(s, unicode.IsControl); i >= 0 {
		return fmt.Errorf("must not hold control characters (found %U)", []rune(s[i:])[0])
	}
	return nil
}

// ParseUploadDate reads an ISO 8601 date (2026-03-01) or date-time
// (2026-03-01T09:30:00Z, with or without an offset) and returns the
// calendar date as written. Dates after tomorrow or before 1900 are refused.
// A row dated tomorrow (a time zone ahead of UTC) is stored; like a bank's
// row dated after the request day, analytics leave it out and count it
// (futureDated) until its day comes.
func ParseUploadDate(s string, today time.Time) (time.Time, error) {
	day, ok := dayOf(s)
	if !ok {
		return time.Time{}, errors.New("must be an ISO 8601 date (2026-03-01) or date-time (2026-03-01T09:30:00Z)")
	}
	tomorrow := time.Date(today.Year(), today.Month(), today.Day()+1, 0, 0, 0, 0, time.UTC)
	if day.After(tomorrow) {
		return time.Time{}, fmt.Errorf("must not be after tomorrow (%s)", tomorrow.Format(time.DateOnly))
	}
	if day.Year() < earliestUploadYear {
		return time.Time{}, fmt.Errorf("must not be before %d", earliestUploadYear)
	}
	return day, nil
}

// dayOf parses a date or date-time and keeps its calendar date.
func dayOf(s string) (time.Time, bool) {
	for _, layout := range []string{time.DateOnly, time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
		}
	}
	return time.Time{}, false
}
