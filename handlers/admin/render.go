package admin

import (
	"log/slog"
	"net/http"

	"github.com/a-h/templ"
	"github.com/gin-gonic/gin"

	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/views"
)

// adminPage is the layout view model of a console page in section.
func (h *Handler) adminPage(c *gin.Context, title, section string) views.AdminPage {
	p := h.basePage(title)
	p.Admin, p.CSRF, p.Section = adminOf(c.Request.Context()).Username, csrf.Token(c.Request.Context()), section
	p.Flash = h.takeFlash(c)
	return p
}

func (h *Handler) basePage(title string) views.AdminPage {
	return views.AdminPage{Title: title, Stylesheet: h.pages.Assets.Path("admin/console.css"),
		Logo: h.pages.Assets.Path("img/logo.svg")}
}

// render writes a console page.
func (h *Handler) render(c *gin.Context, status int, component templ.Component) {
	page.Render(c, status, component)
}

// notice renders a page outside the navigation and aborts the chain.
func (h *Handler) notice(c *gin.Context, status int, heading, message, action, label string) {
	h.render(c, status, views.AdminNoticePage(views.AdminNotice{AdminPage: h.basePage(heading), Status: status,
		Heading: heading, Message: message, Action: action, Label: label}))
	c.Abort()
}

// fail answers an unexpected error without its cause.
func (h *Handler) fail(c *gin.Context, err error) {
	slog.ErrorContext(c.Request.Context(), "console request failed", "error", err)
	c.Error(err)
	h.notice(c, http.StatusInternalServerError, "Something went wrong",
		"The change may not have been made. Reload the page and try again.", "/admin/", "Go to the dashboard")
}

// done confirms a change on the page the browser goes to next (303).
func (h *Handler) done(c *gin.Context, to, message string) {
	fs := h.cookie(c.Request, flashCookie)
	fs.Values = map[any]any{"m": message}
	fs.Options = h.cookieOptions(60)
	if err := fs.Save(c.Request, c.Writer); err != nil {
		c.Error(err)
	}
	c.Redirect(http.StatusSeeOther, to)
}

// takeFlash returns and forgets the confirmation of the last change.
func (h *Handler) takeFlash(c *gin.Context) string {
	fs := h.cookie(c.Request, flashCookie)
	m, _ := fs.Values["m"].(string)
	if m == "" {
		return ""
	}
	fs.Values, fs.Options = map[any]any{}, h.cookieOptions(-1)
	if err := fs.Save(c.Request, c.Writer); err != nil {
		c.Error(err)
	}
	return m
}
