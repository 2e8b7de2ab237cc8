package xs2a

import (
	"strconv"
	"strings"
)

// minorDigits lists the ISO 4217 currencies without two minor digits.
var minorDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}

// minorUnits reads an XS2A amount ("-1234.5", at most the currency's
// minor digits) as an exact integer of minor units, without allocating.
func minorUnits(a amount) (int64, error) {
	if len(a.Currency) != 3 || strings.ToUpper(a.Currency) != a.Currency {
		return 0, badAnswer("currency " + strconv.Quote(a.Currency))
	}
	digits, ok := minorDigits[a.Currency]
	if !ok {
		digits = 2
	}
	s := a.Amount
	negative := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > 14 || len(frac) > digits || !allDigits(whole) || !allDigits(frac) {
		return 0, badAnswer("amount " + strconv.Quote(a.Amount))
	}
	var n int64 // at most 14+3 digits: no overflow
	for _, part := range [2]string{whole, frac} {
		for i := range len(part) {
			n = n*10 + int64(part[i]-'0')
		}
	}
	for range digits - len(frac) {
		n *= 10
	}
	if negative {
		n = -n
	}
	return n, nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
