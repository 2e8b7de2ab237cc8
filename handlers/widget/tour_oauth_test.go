package widget_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/chromedp/chromedp"
	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/handlers/secure"
	"openbank/i18n"
	"openbank/oauth"
	"openbank/static"
	"openbank/views"
)

// oauthPages serves the authorization server's sign-in and consent pages
// with the view models its handler builds, under the server's headers.
func oauthPages(t *testing.T) *httptest.Server {
	pages := page.Renderer{Assets: static.New()}
	r := gin.New()
	r.Use(secure.Headers)
	login := views.LoginView{Page: pages.Page("Sign in"), Action: "/sign-in", CSRF: "t", ClientName: "Acme Lending"}
	failed := login
	failed.Username, failed.Error = "demo", "The username or password is not right."
	consent := views.ConsentView{Page: pages.Page("Allow access"), Action: "/consent", CSRF: "t", ClientName: "Acme Lending",
		Username: "demo", Grants: append(views.Permissions(i18n.For("en"), oauth.Products), "your username, to know who you are")}
	for path, c := range map[string]templ.Component{"/sign-in": views.LoginPage(login),
		"/sign-in-error": views.LoginPage(failed), "/consent": views.ConsentPage(consent)} {
		r.GET(path, func(ctx *gin.Context) { page.Render(ctx, 200, c) })
	}
	r.GET("/static/*path", gin.WrapH(pages.Assets))
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return srv
}

func TestTourOAuthPages(t *testing.T) {
	t.Parallel()
	srv, b := oauthPages(t), newTab(t)
	b.run(chromedp.Navigate(srv.URL + "/sign-in"))
	b.waitFor("#password", "oauth-sign-in")
	for _, field := range []string{"#username", "#password"} {
		b.expectContrast("oauth-sign-in", field, "border-top-color")
		b.expectFocusRing("oauth-sign-in", field)
	}
	b.show("oauth-sign-in")
	b.run(chromedp.Navigate(srv.URL + "/sign-in-error"))
	b.waitFor("#login-error", "oauth-sign-in-error")
	if b.attr("#username", "aria-invalid") != "true" || b.attr("#password", "aria-describedby") != "login-error" {
		t.Error("oauth sign-in: the error is not tied to the fields")
	}
	b.show("oauth-sign-in-error")
	b.run(chromedp.Navigate(srv.URL + "/consent"))
	b.waitFor("#revoke", "oauth-consent")
	b.show("oauth-consent")
	b.says("oauth-consent", "bank accounts you connect", "take this access back at any time", "administrator of this Openbank")
	for _, code := range oauth.Products {
		if strings.Contains(b.text(), "("+code) || strings.Contains(b.text(), code+")") || strings.Contains(b.text(), code+",") {
			t.Errorf("oauth consent shows the product code %q", code)
		}
	}
}
