package mockbank

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/banks"
)

// cookieOptions scope the app's sign-in to one bank's app.
func (a *App) cookieOptions(info banks.Info, maxAge int) *sessions.Options {
	return &sessions.Options{Path: a.path(info), MaxAge: maxAge, HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteLaxMode}
}

// user is the test user signed in to the bank's app, "" when none (a
// cookie that does not decode, with a retired key say, is signed out, and
// so is a sign-in older than appLifetime, whatever the browser kept).
func (a *App) user(c *gin.Context, info banks.Info) string {
	s, err := a.cookies.Get(c.Request, appCookie)
	if err != nil {
		return ""
	}
	bank, _ := s.Values["bank"].(string)
	user, _ := s.Values["user"].(string)
	at, _ := s.Values["at"].(int64)
	if bank != info.Code || time.Since(time.Unix(at, 0)) > appLifetime*time.Second {
		return ""
	}
	return user
}

// keep signs user in to the bank's app ("" signs out).
func (a *App) keep(c *gin.Context, info banks.Info, user string) error {
	s := sessions.NewSession(a.cookies, appCookie)
	s.Options = a.cookieOptions(info, appLifetime)
	if user == "" {
		s.Options.MaxAge = -1
	} else {
		s.Values["bank"], s.Values["user"], s.Values["at"] = info.Code, user, time.Now().Unix()
	}
	return s.Save(c.Request, c.Writer)
}
