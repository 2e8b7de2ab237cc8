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
	"openbank/static"
)

// sandboxAloneHandler is what `openbank sandbox` serves at origin (its
// https:// address, its public one): the banks' API and sign-in pages, and
// their app, drawn and guarded as the server draws it (the pages'
// renderer, the one CSRF guard, the security headers), its cookies signed
// with SESSION_KEYS or, without them, a key of this process.
func sandboxAloneHandler(cfg Config, aspsp *sandbox.ASPSP, origin string) (http.Handler, error) {
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
	assets := static.New()
	pages := page.Renderer{Assets: assets}
	forms, err := csrf.New(cookies, pages, origin, cfg.SecureCookies())
	if err != nil {
		return nil, fmt.Errorf("web: sandbox: %w", err)
	}
	e := gin.New()
	e.Use(secure.Headers)
	e.GET("/static/*path", gin.WrapH(assets))
	app := mockbank.NewApp(aspsp, pages, cookies, "", cfg.SecureCookies())
	app.Mount(e.Group("", forms.ProtectWith(app.FormRefused)))
	mux := http.NewServeMux()
	mux.Handle("/", aspsp.Handler())
	for _, pattern := range []string{"GET /static/{dir}/{file...}", "GET /{bank}/app", "POST /{bank}/app", "POST /{bank}/app/{id}/{auth}"} {
		mux.Handle(pattern, e)
	}
	return mux, nil
}
