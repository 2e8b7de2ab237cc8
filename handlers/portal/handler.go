package portal

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/portal"
	"openbank/store"
	"openbank/views"
)

// sessionCookie holds a developer's session id.
const sessionCookie = "openbank_portal"

// Handler serves the portal's pages.
type Handler struct {
	service *portal.Service
	pages   page.Renderer
	secure  bool // cookies are Secure (PUBLIC_URL is https)
}

// New builds the handler.
func New(svc *portal.Service, pages page.Renderer, secure bool) *Handler {
	return &Handler{service: svc, pages: pages, secure: secure}
}

// Mount adds the portal to r (the /portal group); forms is the one CSRF
// guard, on every page so that each form carries its token.
func (h *Handler) Mount(r *gin.RouterGroup, forms gin.HandlerFunc) {
	r.Use(noStore, forms)
	r.GET("/signup", h.SignUpForm)
	r.POST("/signup", h.SignUp)
	r.GET("/verify", h.Verify)
	r.GET("/login", h.LoginForm)
	r.POST("/login", h.Login)
	r.POST("/logout", h.Logout)
	r.GET("/reset", h.ResetForm)
	r.POST("/reset", h.ResetRequest)
	r.GET("/reset/confirm", h.ResetConfirmForm)
	r.POST("/reset/confirm", h.ResetConfirm)

	in := r.Group("", h.RequireDeveloper)
	in.GET("/", h.Home)
	in.GET("/apps/new", h.AppNew)
	in.POST("/apps", h.AppCreate)
	in.GET("/apps/:id", h.App)
	in.POST("/apps/:id", h.AppUpdate)
	in.POST("/apps/:id/rotate", h.AppRotate)
	in.POST("/apps/:id/delete", h.AppDelete)
	in.POST("/apps/:id/production", h.ProductionRequest)
	in.POST("/requests/:id/secret", h.ProductionSecret)
	in.GET("/account/delete", h.AccountDeleteForm)
	in.POST("/account/delete", h.AccountDelete)
}

func noStore(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Next()
}

type developerKey struct{}

func developerOf(ctx context.Context) store.Developer {
	d, _ := ctx.Value(developerKey{}).(store.Developer)
	return d
}

// RequireDeveloper lets a request through with a live session: a page
// asked for without one goes to the sign-in, a form is refused (401).
func (h *Handler) RequireDeveloper(c *gin.Context) {
	id := ""
	if ck, err := c.Request.Cookie(sessionCookie); err == nil {
		id = ck.Value
	}
	d, err := h.service.Session(c.Request.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound) && c.Request.Method == http.MethodGet:
		c.Redirect(http.StatusSeeOther, "/portal/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	case errors.Is(err, store.ErrNotFound):
		h.auth(c, http.StatusUnauthorized, views.PortalAuthView{Mode: "login"}, "Sign in", "Your session has ended. Sign in again and repeat the change.")
		c.Abort()
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), developerKey{}, d))
	c.Next()
}

// portalPage is the layout view model of a page.
func (h *Handler) portalPage(c *gin.Context, title string) views.PortalPage {
	return views.PortalPage{Title: title, Stylesheet: h.pages.Assets.Path("admin/console.css"), Logo: h.pages.Assets.Path("img/logo.svg"),
		CSRF: csrf.Token(c.Request.Context()), Developer: developerOf(c.Request.Context()).Email}
}

// auth renders a page before sign-in.
func (h *Handler) auth(c *gin.Context, status int, v views.PortalAuthView, title, problem string) {
	v.PortalPage = h.portalPage(c, title)
	v.Problem, v.EmailSent = problem, h.service.EmailSent()
	page.Render(c, status, views.PortalAuthPage(v))
}

// fail answers an unexpected error without its cause.
func (h *Handler) fail(c *gin.Context, err error) {
	slog.ErrorContext(c.Request.Context(), "portal request failed", "error", err)
	_ = c.Error(err)
	h.pages.Error(c, http.StatusInternalServerError, "Something went wrong", "The change may not have been made. Reload the page and try again.")
}

// setSession sets (or, with an empty id, deletes) the session cookie.
func (h *Handler) setSession(c *gin.Context, id string) {
	ck := &http.Cookie{ //nolint:gosec // G124: Secure whenever PUBLIC_URL is https; plain http only for local work
		Name: sessionCookie, Value: id, Path: "/portal", HttpOnly: true, Secure: h.secure, SameSite: http.SameSiteLaxMode,
		MaxAge: int(portal.SessionLife.Seconds())}
	if id == "" {
		ck.MaxAge = -1
	}
	http.SetCookie(c.Writer, ck)
}
