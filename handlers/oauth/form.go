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
		h.errorPage(c, http.StatusRequestEntityTooLarge, "error.form.large", "error.link.hint", "")
	case err != nil:
		h.errorPage(c, http.StatusBadRequest, "error.form.invalid", "error.link.hint", err.Description)
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
