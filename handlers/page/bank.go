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
