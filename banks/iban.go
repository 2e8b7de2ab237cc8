package banks

import (
	"math/big"
	"strconv"
)

// ibanBank is the four-letter bank identifier inside every mock IBAN.
const ibanBank = "OBMK"

// iban builds a GB-shaped IBAN with valid check digits from a sort code and
// an account number derived from id.
func iban(sortCode string, id uint64) string {
	number := strconv.FormatUint(10000000+id%90000000, 10)
	bban := ibanBank + sortCode + number
	return "GB" + ibanCheck("GB", bban) + bban
}

// ibanCheck computes the two ISO 13616 check digits.
func ibanCheck(country, bban string) string {
	digits := ""
	for _, r := range bban + country + "00" {
		if r >= 'A' && r <= 'Z' {
			digits += strconv.Itoa(int(r-'A') + 10)
		} else {
			digits += string(r)
		}
	}
	n, _ := new(big.Int).SetString(digits, 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return strconv.FormatInt(100+check, 10)[1:]
}

// hex16 prints a number as 16 lower-case hex digits.
func hex16(v uint64) string {
	s := strconv.FormatUint(v, 16)
	return "0000000000000000"[len(s):] + s
}
