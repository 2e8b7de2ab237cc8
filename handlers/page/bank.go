package page

import (
	"openbank/banks"
	"openbank/views"
)

// BankOption is how the widget and the mock banks show a bank; href is
// where choosing it leads, if anywhere.
func BankOption(b banks.Info, href string) views.BankOption {
	return views.BankOption{Code: b.Code, Name: b.Name, LogoSVG: b.LogoSVG, Href: href}
}

// Sandbox is what a simulated bank's pages tell a tester about b: the test
// password and usernames, and its one-time code when it asks for one.
func Sandbox(b banks.Info) views.SandboxHint {
	h := views.SandboxHint{Password: banks.TestPassword}
	for _, u := range banks.TestUsernames() {
		if u != "otp" || b.OneTimeCode {
			h.Users = append(h.Users, u)
		}
	}
	if b.OneTimeCode {
		h.Code = banks.TestOneTimeCode
	}
	return h
}
