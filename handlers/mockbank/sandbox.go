package mockbank

import (
	"log/slog"
	"net/http"

	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/page"
	"openbank/views"
)

// SandboxPage renders a sandbox bank's sign-in page as the mock banks'
// own: the sandbox posts it back to itself and decides the outcome.
func SandboxPage(pages page.Renderer) func(http.ResponseWriter, *http.Request, sandbox.Page) {
	return func(w http.ResponseWriter, r *http.Request, p sandbox.Page) {
		v := views.MockBankSCA{Title: p.Bank.Name + " · Sign in", Stylesheet: pages.Assets.Path("css/widget.css"),
			Bank: page.BankOption(p.Bank, ""), Action: p.Action, Username: p.Username, Error: p.Error,
			Sandbox: page.Sandbox(p.Bank)}
		if err := views.MockBankSCAPage(v).Render(r.Context(), w); err != nil {
			slog.ErrorContext(r.Context(), "sandbox sign-in page", "error", err)
		}
	}
}
