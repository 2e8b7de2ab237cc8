package csrf

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Protect makes sure the browser holds a token and puts it in the request
// context (Token). An unsafe request is refused when the browser says it
// comes from another origin or when its form does not carry the token.
func (g *Guard) Protect(c *gin.Context) { g.protect(c, g.refuse) }

// ProtectWith is Protect answering a refused form with refuse, for pages
// whose visitors must never meet the developer site: the widget and the
// banks' pages answer in their own style. refuse must stop the chain.
func (g *Guard) ProtectWith(refuse gin.HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) { g.protect(c, refuse) }
}

func (g *Guard) protect(c *gin.Context, refuse gin.HandlerFunc) {
	if err := g.origins.Check(c.Request); err != nil {
		refuse(c)
		return
	}
	sess, _ := g.cookies.Get(c.Request, cookieName) // a retired key reads as a new session
	token, _ := sess.Values["token"].(string)
	if token == "" {
		token = newToken()
		sess.Values["token"] = token
		sess.Options = &g.options
		if err := sess.Save(c.Request, c.Writer); err != nil {
			slog.ErrorContext(c.Request.Context(), "csrf cookie", "error", err)
		}
	}
	if !safe(c.Request.Method) {
		sent := c.Request.PostFormValue(FieldName)
		if sess.IsNew || subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 {
			refuse(c)
			return
		}
	}
	c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), tokenKey{}, token))
	c.Next()
}

// refuse is the one answer to a refused form.
func (g *Guard) refuse(c *gin.Context) {
	g.pages.Error(c, http.StatusForbidden, "This form has expired",
		"The page was open too long or cookies are blocked: go back, reload the page and try again.")
}

func newToken() string {
	b := make([]byte, 32)
	rand.Read(b) // crypto/rand never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

func safe(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}
