package web

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/csrf"
	"openbank/handlers/mockbank"
	"openbank/handlers/page"
	"openbank/handlers/secure"
)

// sandboxAlonePages is where `openbank sandbox` shows the banks' sign-in
// pages, below its address: a path of their own beside the banks' API
// (every address gin has no route for) and their app.
const sandboxAlonePages = "/pages"

// sandboxAloneHandler is what `openbank sandbox` serves at origin (its
// https:// address, its public one): the banks' API, and their sign-in
// pages and app drawn by pages and guarded as the server guards them (the
// one CSRF guard, the security headers), its cookies signed with
// SESSION_KEYS or, without them, a key of this process.
func sandboxAloneHandler(cfg Config, aspsp *sandbox.ASPSP, pages page.Renderer, origin string) (http.Handler, error) {
	public, err := url.Parse(origin)
	if err != nil {
		return nil, fmt.Errorf("web: sandbox address: %w", err)
	}
	cfg.PublicURL = public
	keys := cfg.SessionKeys
	if len(keys) == 0 {
		k := make([]byte, 64)
		rand.Read(k) // crypto/rand never fails
		keys = [][]byte{k}
	}
	cookies := cookieStore(cfg, keys, sessionLifetime)
	forms, err := csrf.New(cookies, pages, origin, cfg.SecureCookies())
	if err != nil {
		return nil, fmt.Errorf("web: sandbox: %w", err)
	}
	e := gin.New()
	e.Use(secure.Headers)
	e.GET("/static/*path", gin.WrapH(pages.Assets))
	app := mockbank.NewApp(aspsp, pages, cookies, "", cfg.SecureCookies())
	g := e.Group("", forms.ProtectWith(app.FormRefused))
	app.Mount(g)
	signIn := gin.WrapH(http.StripPrefix(sandboxAlonePages, aspsp.Pages()))
	g.GET(sandboxAlonePages+"/:bank/sca/:id", signIn)
	g.POST(sandboxAlonePages+"/:bank/sca/:id", signIn)
	e.NoRoute(gin.WrapH(aspsp.Handler())) // the banks' API
	return e, nil
}
