package mockbank

import (
	"log/slog"
	"net/http"

	"github.com/a-h/templ"

	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/views"
)

// SandboxPage renders a sandbox bank's sign-in page as the mock banks'
// own, in the subject's language (the switch, then the browser's), its
// forms carrying the token of the CSRF guard the page is served behind:
// the sandbox posts it back to itself and decides the outcome. A link no
// longer waiting and a bank that could not decide get the mock banks'
// notices.
func SandboxPage(pages page.Renderer) func(http.ResponseWriter, *http.Request, sandbox.Page) {
	return func(w http.ResponseWriter, r *http.Request, p sandbox.Page) {
		t := page.LocaleOf(w, r, page.Preferences{})
		var languages []views.LanguageLink
		if r.Method == http.MethodGet {
			languages = page.Languages(r.URL.RequestURI(), t.Lang())
		}
		var c templ.Component
		notice := func(heading, message, hint string) templ.Component {
			n := views.WidgetNotice{Heading: t.Text(heading), Message: t.Text(message), Hint: t.Text(hint)}
			n.Title, n.Stylesheet, n.T, n.Languages = n.Heading, pages.Assets.Path("css/widget.css"), t, languages
			return views.WidgetNoticePage(n)
		}
		switch p.Problem {
		case sandbox.LinkGone:
			c = notice("bank.used", "bank.used.message", "bank.used.hint")
		case sandbox.BankFailed:
			c = notice("notice.failed", "bank.failed.message", "bank.failed.hint")
		default:
			problem := ""
			if p.Problem == sandbox.WrongCredentials {
				problem = t.Text("bank.wrong.credentials")
			}
			c = views.MockBankSCAPage(views.MockBankSCA{Title: t.Text("bank.title", "bank", p.Bank.Name),
				Stylesheet: pages.Assets.Path("css/widget.css"), Bank: page.BankOption(p.Bank, ""),
				Action: p.Action + "?" + page.LangParam + "=" + t.Lang(), CSRF: csrf.Token(r.Context()),
				Username: p.Username, Error: problem, Sandbox: page.Sandbox(p.Bank), T: t, Languages: languages})
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(p.Status)
		if err := c.Render(r.Context(), w); err != nil {
			slog.ErrorContext(r.Context(), "sandbox sign-in page", "error", err)
		}
	}
}
