package portal

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/oauth"
	"openbank/portal"
	"openbank/views"
)

// SignUpForm is GET /portal/signup.
func (h *Handler) SignUpForm(c *gin.Context) {
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "signup"}, "Create a developer account", "")
}

// SignUp is POST /portal/signup, counted per client address: too many
// requests are refused (429) before anything is checked.
func (h *Handler) SignUp(c *gin.Context) {
	email := strings.TrimSpace(c.PostForm("email"))
	view := views.PortalAuthView{Mode: "signup", Email: email}
	if h.throttled(c, portal.FormSignUp, view, "Create a developer account") {
		return
	}
	_, err := h.service.SignUp(c.Request.Context(), email, c.PostForm("password"))
	switch {
	case errors.Is(err, portal.ErrEmail), errors.Is(err, portal.ErrPassword):
		h.auth(c, http.StatusBadRequest, views.PortalAuthView{Mode: "signup", Email: email}, "Create a developer account", err.Error())
		return
	case err != nil && !errors.Is(err, portal.ErrTaken): // a taken email is answered as a new one
		h.fail(c, err)
		return
	}
	msg, title := "An operator will review your account and approve it. You can sign in once it is approved.", "Sign-up received"
	if h.service.EmailSent() {
		msg, title = "We sent a message to "+email+". Follow it to activate your account, then sign in.", "Check your email"
	}
	h.auth(c, http.StatusCreated, views.PortalAuthView{Mode: "notice", Message: msg}, title, "")
}

// Verify is GET /portal/verify?token=…, the link of the verification email.
func (h *Handler) Verify(c *gin.Context) {
	_, err := h.service.Verify(c.Request.Context(), c.Query("token"))
	if errors.Is(err, portal.ErrLinkInvalid) {
		h.auth(c, http.StatusNotFound, views.PortalAuthView{Mode: "notice", Message: err.Error()}, "Link not valid", "")
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "notice", Message: "Your email address is confirmed. Sign in to create applications."}, "Email confirmed", "")
}

// LoginForm is GET /portal/login.
func (h *Handler) LoginForm(c *gin.Context) {
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "login"}, "Sign in", "")
}

// Login is POST /portal/login: the password is checked under the sign-in's
// throttle; too many failures are refused (429) without checking it.
func (h *Handler) Login(c *gin.Context) {
	email := strings.TrimSpace(c.PostForm("email"))
	id, err := h.service.SignIn(c.Request.Context(), email, c.PostForm("password"), c.ClientIP())
	var oerr *oauth.Error
	switch {
	case errors.As(err, &oerr) && oerr.Status >= 500 && oerr.Status != http.StatusServiceUnavailable:
		h.fail(c, err)
		return
	case errors.As(err, &oerr):
		status := http.StatusUnauthorized
		if oerr.RetryAfter > 0 {
			status = oerr.Status
			c.Header("Retry-After", strconv.Itoa(int(oerr.RetryAfter.Seconds())))
		}
		h.auth(c, status, views.PortalAuthView{Mode: "login", Email: email}, "Sign in", capitalise(oerr.Description)+".")
		return
	case errors.Is(err, portal.ErrNotActive):
		h.auth(c, http.StatusForbidden, views.PortalAuthView{Mode: "login", Email: email}, "Sign in", err.Error())
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	h.setSession(c, id)
	c.Redirect(http.StatusSeeOther, nextPage(c.Query("next")))
}

// Logout is POST /portal/logout.
func (h *Handler) Logout(c *gin.Context) {
	if ck, err := c.Request.Cookie(sessionCookie); err == nil {
		if err := h.service.SignOut(c.Request.Context(), ck.Value); err != nil {
			h.fail(c, err)
			return
		}
	}
	h.setSession(c, "")
	c.Redirect(http.StatusSeeOther, "/portal/login")
}

// ResetForm is GET /portal/reset.
func (h *Handler) ResetForm(c *gin.Context) {
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "reset"}, "Reset your password", "")
}

// ResetRequest is POST /portal/reset: the same answer whether or not an
// account has this email; counted per client address as the sign-up is.
func (h *Handler) ResetRequest(c *gin.Context) {
	if h.throttled(c, portal.FormReset, views.PortalAuthView{Mode: "reset"}, "Reset your password") {
		return
	}
	err := h.service.RequestReset(c.Request.Context(), c.PostForm("email"))
	if errors.Is(err, portal.ErrNoMail) {
		h.auth(c, http.StatusBadRequest, views.PortalAuthView{Mode: "reset"}, "Reset your password", err.Error())
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "notice",
		Message: "If an account has this email, a link to reset its password is on its way."}, "Check your email", "")
}

// ResetConfirmForm is GET /portal/reset/confirm?token=…, the emailed link.
func (h *Handler) ResetConfirmForm(c *gin.Context) {
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "reset-confirm", Token: c.Query("token")}, "Choose a new password", "")
}

// ResetConfirm is POST /portal/reset/confirm.
func (h *Handler) ResetConfirm(c *gin.Context) {
	token := c.PostForm("token")
	err := h.service.ResetPassword(c.Request.Context(), token, c.PostForm("password"))
	switch {
	case errors.Is(err, portal.ErrPassword), errors.Is(err, portal.ErrLinkInvalid):
		h.auth(c, http.StatusBadRequest, views.PortalAuthView{Mode: "reset-confirm", Token: token}, "Choose a new password", err.Error())
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	h.auth(c, http.StatusOK, views.PortalAuthView{Mode: "notice", Message: "Your password is changed and every session ended. Sign in with the new one."}, "Password changed", "")
}

// throttled counts a request to form from the client address and, when
// the address has sent too many, answers the form v again with 429,
// Retry-After and the wait; it reports whether it answered.
func (h *Handler) throttled(c *gin.Context, form string, v views.PortalAuthView, title string) bool {
	err := h.service.CountRequest(c.Request.Context(), form, c.ClientIP())
	var oerr *oauth.Error
	switch {
	case err == nil:
		return false
	case errors.As(err, &oerr) && oerr.RetryAfter > 0:
		c.Header("Retry-After", strconv.Itoa(int(oerr.RetryAfter.Seconds())))
		h.auth(c, oerr.Status, v, title, capitalise(oerr.Description)+".")
	default:
		h.fail(c, err)
	}
	return true
}

// nextPage is where a sign-in continues: a clean portal path, else the home.
func nextPage(next string) string { return page.LocalPath(next, "/portal/") }

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
