package oauth

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/oauth"
)

// AuthorizePost is POST /oauth2/authorize: the login, consent and sign-out
// forms of the pages Authorize shows (CSRF is checked before). Each
// success answers 303.
func (h *Handler) AuthorizePost(c *gin.Context) {
	req, ok := h.authorizeRequest(c)
	if !ok {
		return
	}
	sess, who := h.session(c.Request)
	switch c.PostForm("action") {
	case "login":
		h.login(c, req, sess)
	case "logout":
		if err := h.forget(c, sess); err != nil {
			c.Error(err)
		}
		h.redirect(c, c.Request.URL.RequestURI())
	case "consent":
		if who.Username == "" {
			h.redirect(c, c.Request.URL.RequestURI())
			return
		}
		h.consent(c, req, who)
	default:
		h.pages.Error(c, http.StatusBadRequest, "Unknown form", "Return to the application you came from and try again.")
	}
}

// login checks the password, remembers the user and goes back to the
// authorization request, which now asks for consent.
func (h *Handler) login(c *gin.Context, req oauth.AuthorizeRequest, sess *sessions.Session) {
	username := strings.TrimSpace(c.PostForm("username"))
	if _, err := h.server.CheckPassword(c.Request.Context(), username, c.PostForm("password")); err != nil {
		status, problem := http.StatusUnauthorized, "The username or password is wrong."
		switch {
		case err.Code == oauth.ErrSlowDown:
			status, problem = http.StatusTooManyRequests, "Too many failed attempts: "+err.Description+"."
			c.Header("Retry-After", strconv.Itoa(int(err.RetryAfter.Seconds())))
		case err.Status >= 500:
			c.Error(err)
			status, problem = http.StatusInternalServerError, "Signing in failed; please try again."
		}
		h.renderLogin(c, req, username, problem, status)
		return
	}
	if err := h.remember(c, sess, username); err != nil {
		c.Error(err)
	}
	h.redirect(c, c.Request.URL.RequestURI())
}

// consent issues the code, or returns access_denied, to the client.
func (h *Handler) consent(c *gin.Context, req oauth.AuthorizeRequest, who login) {
	if c.PostForm("decision") != "allow" {
		h.redirect(c, h.server.ErrorRedirect(req, oauth.Errorf(oauth.ErrAccessDenied, "the user denied access")))
		return
	}
	to, err := h.server.IssueCode(c.Request.Context(), req, who.Username, who.AuthTime)
	if err != nil {
		h.redirect(c, h.server.ErrorRedirect(req, err))
		return
	}
	h.redirect(c, to)
}
