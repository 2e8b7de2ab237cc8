package mockbank

import (
	"errors"
	"net/url"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/handlers/secure"
	"openbank/i18n"
	"openbank/views"
)

// Handler serves the mock banks' sign-in pages.
type Handler struct {
	service *aggregation.Service
	pages   page.Renderer
}

// New builds the handler.
func New(service *aggregation.Service, pages page.Renderer) *Handler {
	return &Handler{service: service, pages: pages}
}

// scaPage is the SCA a page's token points at and the name of the client
// that asks for it ("" when unknown).
type scaPage struct {
	*aggregation.SCAPage
	client string
}

// open finds the SCA a page's token points at, or shows why it cannot.
func (h *Handler) open(c *gin.Context, token string) (scaPage, bool) {
	c.Header("Cache-Control", "no-store")
	sca, err := h.service.OpenSCAPage(c.Request.Context(), c.Param("bank"), token)
	if errors.Is(err, aggregation.ErrSCAClosed) {
		h.usedLink(c, token)
		return scaPage{}, false
	}
	if err != nil {
		h.failed(c, err)
		return scaPage{}, false
	}
	out := scaPage{SCAPage: sca}
	if settings, err := h.service.Clients.Settings(c.Request.Context(), sca.Connection.ClientID); err == nil {
		secure.AllowFraming(c, settings.ReturnToOrigins)
		out.client = settings.Name
	}
	return out, true
}

// render shows the sign-in page; problem is the message key of what went
// wrong, "" on the first showing. The form and the language switch keep
// the page's language.
func (h *Handler) render(c *gin.Context, status int, sca scaPage, token, username, problem string) {
	t := language(c)
	if problem != "" {
		problem = t.Text(problem)
	}
	path := "/mockbank/" + url.PathEscape(sca.Bank.Code) + "/sca"
	page.Render(c, status, views.MockBankSCAPage(views.MockBankSCA{
		Title: t.Text("bank.title", "bank", sca.Bank.Name), Stylesheet: h.pages.Assets.Path("css/widget.css"),
		Bank: page.BankOption(sca.Bank, ""), Action: path + "?" + page.LangParam + "=" + t.Lang(),
		Token: token, CSRF: csrf.Token(c.Request.Context()), Username: username, Error: problem,
		ClientName: sca.client, Sandbox: page.Sandbox(sca.Bank), T: t,
		Languages: page.Languages(path+"?token="+url.QueryEscape(token), t.Lang()),
	}))
}

// language is the language of a bank page: the switch (?lang=), the
// ui_locales the widget passed on, then the browser's.
func language(c *gin.Context) i18n.Printer {
	return page.Locale(c, page.Preferences{Requested: c.Query("ui_locales")})
}
