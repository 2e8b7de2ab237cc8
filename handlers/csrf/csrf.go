package csrf

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gorilla/sessions"

	"openbank/handlers/page"
	"openbank/views"
)

// FieldName is the form field carrying the token.
const FieldName = views.CSRFFieldName

const cookieName = "openbank_csrf"

// lifetime is how long a browser keeps its token (a signed-in session's).
const lifetime = 12 * 60 * 60

type tokenKey struct{}

// Token returns the request's CSRF token, for the view model of a form.
func Token(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey{}).(string)
	return t
}

// Guard is the middleware of every group of HTML forms.
type Guard struct {
	cookies sessions.Store
	options sessions.Options
	origins *http.CrossOriginProtection
	pages   page.Renderer
}

// New builds the guard. publicOrigin (scheme://host of PUBLIC_URL) is the
// server's own origin even behind a proxy that rewrites Host. Over https
// (secure) the cookie is SameSite=None and Partitioned, so pages framed by
// a client's site keep their token; over plain http browsers only accept
// SameSite=Lax.
func New(cookies sessions.Store, pages page.Renderer, publicOrigin string, secure bool) (*Guard, error) {
	origins := http.NewCrossOriginProtection()
	if err := origins.AddTrustedOrigin(publicOrigin); err != nil {
		return nil, fmt.Errorf("csrf: public origin: %w", err)
	}
	o := sessions.Options{Path: "/", MaxAge: lifetime, HttpOnly: true, SameSite: http.SameSiteLaxMode}
	if secure {
		o.Secure, o.SameSite, o.Partitioned = true, http.SameSiteNoneMode, true
	}
	return &Guard{cookies: cookies, options: o, origins: origins, pages: pages}, nil
}
