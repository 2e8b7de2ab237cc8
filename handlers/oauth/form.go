package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// FormBody reads the body of the authorize page's forms before anything
// else does (the CSRF check reads it too): at most oauth.MaxFormBytes,
// 413 beyond, and 400 naming the field when a value holds a control
// character.
func (h *Handler) FormBody(c *gin.Context) {
	form, err := readForm(c.Writer, c.Request)
	switch {
	case err != nil && err.Status == http.StatusRequestEntityTooLarge:
		h.pages.Error(c, http.StatusRequestEntityTooLarge, "This form is too large",
			"Return to the application you came from and try again.")
	case err != nil:
		h.pages.Error(c, http.StatusBadRequest, "This form is not valid", err.Description+".")
	default:
		c.Request.PostForm = form
		c.Request.Form = mergedForm(c.Request, form)
	}
}

// mergedForm is what Request.ParseForm would have made of the query and
// the body: the body's values first.
func mergedForm(r *http.Request, body map[string][]string) map[string][]string {
	out := make(map[string][]string, len(body))
	for k, vs := range body {
		out[k] = append(out[k], vs...)
	}
	for k, vs := range r.URL.Query() {
		out[k] = append(out[k], vs...)
	}
	return out
}
