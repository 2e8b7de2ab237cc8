// Package page renders templ components for the HTML handlers and builds
// the view-model parts every page shares.
package page

import (
	"net/http"

	"github.com/a-h/templ"
	"github.com/gin-gonic/gin"

	"openbank/static"
	"openbank/views"
)

// Renderer renders pages with the digested asset URLs.
type Renderer struct {
	Assets *static.Assets
}

// Page is the layout view model of a page titled title.
func (r Renderer) Page(title string) views.Page {
	return views.Page{Title: title, Stylesheet: r.Assets.Path("css/openbank.css"), Logo: r.Assets.Path("img/logo.svg")}
}

// Render writes component with status; the page is buffered so a failed
// render never sends half a page.
func Render(c *gin.Context, status int, component templ.Component) {
	templ.Handler(component, templ.WithStatus(status)).ServeHTTP(c.Writer, c.Request)
}

// Error renders the HTML error page and aborts the chain.
func (r Renderer) Error(c *gin.Context, status int, message, hint string) {
	Render(c, status, views.ErrorPage(views.ErrorView{
		Page: r.Page(http.StatusText(status)), Status: status, Message: message, Hint: hint,
	}))
	c.Abort()
}
