package aggregation

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var decimalAmount = regexp.MustCompile(`^([+-]?)([0-9]+)(?:\.([0-9]+))?$`)

// ParseUploadAmount reads a signed decimal amount ("-12.30", "4", "+0.5")
// exactly into hundredths of the currency's major unit. It refuses
// exponents, separators, more decimal places than the currency has and
// more than 13 digits before the point.
func ParseUploadAmount(s, currency string) (int64, error) {
	m := decimalAmount.FindStringSubmatch(s)
	if m == nil {
		return 0, errors.New("must be a decimal number such as -12.30 (a point, no exponent, no thousands separator)")
	}
	sign, whole, frac := m[1], strings.TrimLeft(m[2], "0"), m[3]
	if len(whole) > maxAmountDigits {
		return 0, fmt.Errorf("must have at most %d digits before the decimal point", maxAmountDigits)
	}
	if places := CurrencyDecimals(currency); len(frac) > places {
		return 0, fmt.Errorf("has %d decimal places; %s amounts have at most %d", len(frac), currency, places)
	}
	units := int64(0)
	if whole != "" {
		n, err := strconv.ParseInt(whole, 10, 64)
		if err != nil { // unreachable: at most 13 digits
			return 0, errors.New("is out of range")
		}
		units = n * 100
	}
	if frac != "" {
		cents, _ := strconv.ParseInt((frac + "00")[:2], 10, 64) // two digits at most, checked above
		units += cents
	}
	if sign == "-" {
		units = -units
	}
	return units, nil
}

var ibanShape = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)

// NormaliseIBAN removes spaces, capitalises and checks an IBAN's shape and
// check digits (ISO 13616, mod 97).
func NormaliseIBAN(s string) (string, error) {
	iban := strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if !ibanShape.MatchString(iban) {
		return "", errors.New("must be an IBAN: country code, check digits and 11 to 30 letters or digits")
	}
	rearranged := iban[4:] + iban[:4]
	rest := 0
	for _, r := range rearranged {
		if r >= 'A' {
			rest = (rest*100 + int(r-'A'+10)) % 97
		} else {
			rest = (rest*10 + int(r-'0')) % 97
		}
	}
	if rest != 1 {
		return "", errors.New("is not a valid IBAN: its check digits do not match")
	}
	return iban, nil
}
