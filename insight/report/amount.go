package report

import (
	"errors"
	"strconv"
	"strings"
)

// Amount is money in minor units (pence, cents). It is written to JSON as an
// exact decimal string with two places, such as "-1234.56", never as a float.
type Amount int64

// errAmount is returned for a JSON amount that is not a decimal string.
var errAmount = errors.New(`insight: an amount must be a decimal string such as "-1234.56"`)

// String prints the amount with two decimal places and no grouping.
func (a Amount) String() string {
	sign, v := "", int64(a)
	if v < 0 {
		sign, v = "-", -v
	}
	cents := strconv.FormatInt(v%100, 10)
	if len(cents) == 1 {
		cents = "0" + cents
	}
	return sign + strconv.FormatInt(v/100, 10) + "." + cents
}

// MarshalJSON writes the amount as a quoted decimal string.
func (a Amount) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, a.String()), nil
}

// UnmarshalJSON reads a quoted decimal string with up to two decimal places.
func (a *Amount) UnmarshalJSON(data []byte) error {
	s, err := strconv.Unquote(string(data))
	if err != nil {
		return errAmount
	}
	v, err := parseAmount(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// parseAmount reads "-1234.56", "12.5" or "7" exactly.
func parseAmount(s string) (Amount, error) {
	neg := strings.HasPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	if whole == "" || len(frac) > 2 || strings.ContainsAny(whole+frac, "+-") {
		return 0, errAmount
	}
	units, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, errAmount
	}
	cents := int64(0)
	if frac != "" {
		if cents, err = strconv.ParseInt((frac + "0")[:2], 10, 64); err != nil {
			return 0, errAmount
		}
	}
	v := units*100 + cents
	if neg {
		v = -v
	}
	return Amount(v), nil
}

// Format prints the amount for reading, grouped in thousands with the
// currency's symbol where it has one: "£1,234.56", "-€80.00", "1,000.00 CHF".
func (a Amount) Format(currency string) string {
	sign, plain := "", a.String()
	if strings.HasPrefix(plain, "-") {
		sign, plain = "-", plain[1:]
	}
	whole, cents, _ := strings.Cut(plain, ".")
	return withCurrency(sign, groupThousands(whole)+"."+cents, currency)
}

// FormatWhole prints the amount rounded to whole units, as Format does: "£1,235".
func (a Amount) FormatWhole(currency string) string {
	sign, v := "", int64(a)
	if v < 0 {
		sign, v = "-", -v
	}
	units := (v + 50) / 100
	if units == 0 {
		sign = ""
	}
	return withCurrency(sign, groupThousands(strconv.FormatInt(units, 10)), currency)
}

// withCurrency puts the currency's symbol before a number, or its code after.
func withCurrency(sign, number, currency string) string {
	switch currency {
	case "GBP":
		return sign + "£" + number
	case "EUR":
		return sign + "€" + number
	case "USD":
		return sign + "$" + number
	}
	return sign + number + " " + currency
}

// groupThousands puts a comma between each group of three digits.
func groupThousands(digits string) string {
	var b strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
