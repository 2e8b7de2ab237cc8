package mockbank

import (
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/banks"
	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/views"
)

// appCookie keeps the test user signed in to one sandbox bank's app.
const appCookie = "openbank_sandbox_app"

// appLifetime is how long a sign-in to the app lasts, in seconds.
const appLifetime = 30 * 60

// App serves the sandbox banks' app, the decoupled approach's approvals:
// a test user signs in with the bank's own credentials, then answers the
// requests waiting for them. The sign-in lives in a signed cookie scoped
// to one bank's app; every form is guarded by the CSRF guard of the group.
type App struct {
	sandbox *sandbox.ASPSP
	pages   page.Renderer
	cookies sessions.Store
	base    string // the path the app is served under: /sandbox, or "" on the sandbox's own listener
	secure  bool
	notices *Handler
}

// NewApp builds the app of the sandbox's banks, served under base.
func NewApp(s *sandbox.ASPSP, pages page.Renderer, cookies sessions.Store, base string, secure bool) *App {
	return &App{sandbox: s, pages: pages, cookies: cookies, base: base, secure: secure, notices: New(nil, pages)}
}

// Mount adds the app to r, a group at base whose middleware guards the
// forms (FormRefused answers a refused one).
func (a *App) Mount(r gin.IRouter) {
	r.GET("/:bank/app", a.Show)
	r.POST("/:bank/app", a.SignIn)
	r.POST("/:bank/app/:id/:auth", a.Decide)
}

// FormRefused answers an app form the guard refused.
func (a *App) FormRefused(c *gin.Context) { a.notices.FormRefused(c) }

// bank is the sandbox bank of the path, or a page saying there is none.
func (a *App) bank(c *gin.Context) (banks.Info, bool) {
	c.Header("Cache-Control", "no-store")
	info, ok := a.sandbox.Bank(c.Param("bank"))
	if !ok {
		a.notices.NotFound(c)
	}
	return info, ok
}

// path is the address of the bank's app.
func (a *App) path(info banks.Info) string { return a.base + "/" + url.PathEscape(info.Code) + "/app" }

// appPage is what one showing of the app holds beyond the bank.
type appPage struct {
	user     string // the signed-in test user; "" when signed out
	username string // what the sign-in form shows
	problem  string // message key of what went wrong
	done     string // message key of the answer just given
}

// render shows the app: the sign-in form, or the signed-in user's
// waiting requests. The forms keep the page's language.
func (a *App) render(c *gin.Context, status int, info banks.Info, p appPage) {
	t := language(c)
	path := a.path(info)
	v := views.SandboxApp{Title: t.Text("app.title", "bank", info.Name), Stylesheet: a.pages.Assets.Path("css/widget.css"),
		Bank: page.BankOption(info, ""), Action: path + "?" + page.LangParam + "=" + t.Lang(), CSRF: csrf.Token(c.Request.Context()),
		Username: p.username, SignedIn: p.user != "", Sandbox: page.Sandbox(info), T: t}
	if p.problem != "" {
		v.Error = t.Text(p.problem)
	}
	if p.done != "" {
		v.Done = t.Text(p.done)
	}
	if p.user != "" {
		v.Username = p.user
		for _, r := range a.sandbox.Pending(info.Code, p.user) {
			v.Requests = append(v.Requests, views.SandboxAppRequest{
				Action: path + "/" + url.PathEscape(r.Consent) + "/" + url.PathEscape(r.Authorisation) + "?" + page.LangParam + "=" + t.Lang()})
		}
	}
	if c.Request.Method == http.MethodGet {
		v.Languages = page.Languages(path, t.Lang())
	}
	page.Render(c, status, views.SandboxAppPage(v))
}

// Show is GET /<bank>/app: the sign-in, or the signed-in user's requests.
func (a *App) Show(c *gin.Context) {
	info, ok := a.bank(c)
	if !ok {
		return
	}
	a.render(c, http.StatusOK, info, appPage{user: a.user(c, info)})
}
