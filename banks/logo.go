package banks

import "strings"

// mockInfo describes a mock bank with a generated logo: a rounded square in
// the bank's colour holding its initials.
func mockInfo(code, name string, sca SCAStyle, otp bool, colour string) Info {
	return Info{Code: code, Name: name, Country: MockCountry, LogoSVG: logo(name, colour), SCA: sca, OneTimeCode: otp, Environment: Test}
}

func logo(name, colour string) string {
	initials := ""
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' }) {
		initials += w[:1]
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img" aria-label="` +
		name + `"><rect width="48" height="48" rx="10" fill="` + colour + `"/><text x="24" y="30" font-family="sans-serif" ` +
		`font-size="16" font-weight="700" fill="#fff" text-anchor="middle">` + initials + `</text></svg>`
}

// Initials is a plain logo of a bank's initials, for banks that give none.
func Initials(name string) string { return logo(name, "#334155") }
