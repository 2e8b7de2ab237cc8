package oauth

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/oauth"
)

// AuthorizePost is POST /oauth2/authorize: the login, consent and sign-out
// forms of the pages Authorize shows (the body is read by FormBody and
// CSRF is checked before). Each success answers 303.
func (h *Handler) AuthorizePost(c *gin.Context) {
	req, ok := h.authorizeRequest(c)
	if !ok {
		return
	}
	sess, who, err := h.signedIn(c)
	if err != nil {
		h.failed(c, err)
		return
	}
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
		h.errorPage(c, http.StatusBadRequest, "error.form.unknown", "error.link.hint", "")
	}
}

// login checks the password, remembers the user and goes back to the
// authorization request, which now asks for consent. The throttle is the
// token endpoint's: 429 with Retry-After while this address is held back,
// 503 when the server has no time to check another password.
func (h *Handler) login(c *gin.Context, req oauth.AuthorizeRequest, sess *sessions.Session) {
	username := strings.TrimSpace(c.PostForm("username"))
	login := oauth.Login{Username: username, Password: c.PostForm("password"), Address: c.ClientIP()}
	u, err := h.server.CheckPassword(c.Request.Context(), login)
	switch {
	case err == nil:
	case err.Status == http.StatusTooManyRequests:
		retryAfter(c, err)
		h.renderLogin(c, req, username, language(c, req).Plural("oauth.login.throttled", int(err.RetryAfter.Seconds())),
			http.StatusTooManyRequests)
		return
	case err.Status >= 500:
		h.failed(c, err)
		return
	default:
		h.renderLogin(c, req, username, language(c, req).Text("oauth.login.wrong"), http.StatusUnauthorized)
		return
	}
	if err := h.remember(c, sess, u); err != nil {
		h.failed(c, oauth.Failed(err))
		return
	}
	h.redirect(c, c.Request.URL.RequestURI())
}

// consent issues the code, or returns access_denied, to the client.
func (h *Handler) consent(c *gin.Context, req oauth.AuthorizeRequest, who oauth.SignedIn) {
	if c.PostForm("decision") != "allow" {
		h.redirect(c, h.server.ErrorRedirect(req, oauth.Errorf(oauth.ErrAccessDenied, "the user denied access")))
		return
	}
	h.issue(c, req, who)
}

// issue sends the browser back to the client with a code.
func (h *Handler) issue(c *gin.Context, req oauth.AuthorizeRequest, who oauth.SignedIn) {
	to, err := h.server.IssueCode(c.Request.Context(), req, who)
	if err != nil {
		h.redirect(c, h.server.ErrorRedirect(req, err))
		return
	}
	h.redirect(c, to)
}
