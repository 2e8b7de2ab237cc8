// Package csrf protects every HTML form: a random token kept in its own
// signed session cookie must come back in the form's csrf_token field on
// every unsafe request.
package csrf

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"
)

// FieldName is the form field carrying the token.
const FieldName = "csrf_token"

const cookieName = "openbank_csrf"

type tokenKey struct{}

// Token returns the request's CSRF token, for the view model of a form.
func Token(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey{}).(string)
	return t
}

// Protect makes sure the browser holds a token, puts it in the request
// context, and refuses unsafe requests whose form does not carry it,
// answering them with refuse.
func Protect(store sessions.Store, refuse func(c *gin.Context)) gin.HandlerFunc {
	return func(c *gin.Context) {
		sess, _ := store.Get(c.Request, cookieName) // a retired key reads as a new session
		token, _ := sess.Values["token"].(string)
		if token == "" {
			b := make([]byte, 32)
			rand.Read(b)
			token = base64.RawURLEncoding.EncodeToString(b)
			sess.Values["token"] = token
			if err := sess.Save(c.Request, c.Writer); err != nil {
				c.Error(err)
			}
		}
		if !safe(c.Request.Method) {
			sent := c.Request.PostFormValue(FieldName)
			if subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 || sess.IsNew {
				refuse(c)
				return
			}
		}
		c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), tokenKey{}, token))
		c.Next()
	}
}

func safe(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}
