package oauth

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/handlers/secure"
	"openbank/i18n"
	"openbank/oauth"
	"openbank/views"
)

// Authorize is GET /oauth2/authorize: it validates the request, then asks
// the user to sign in, or (when the browser is signed in) to consent. With
// prompt=none it shows no page: it answers login_required or
// consent_required to the client, as OpenID Connect Core §3.1.2.6 says
// (consent is never remembered). A first-party client (the console) asks
// for no consent: a signed-in user gets the code at once.
func (h *Handler) Authorize(c *gin.Context) {
	req, ok := h.authorizeRequest(c)
	if !ok {
		return
	}
	_, who, err := h.signedIn(c)
	switch {
	case err != nil:
		h.failed(c, err)
	case req.Prompt == oauth.PromptNone && who.Username == "":
		h.redirect(c, h.server.ErrorRedirect(req, oauth.Errorf(oauth.ErrLoginRequired, "the user is not signed in")))
	case who.Username == "":
		h.renderLogin(c, req, "", "", http.StatusOK)
	case h.server.FirstParty(req.Client.ClientID) && !hasWord(req.Prompt, "consent"):
		h.issue(c, req, who)
	case req.Prompt == oauth.PromptNone:
		h.redirect(c, h.server.ErrorRedirect(req, oauth.Errorf(oauth.ErrConsentRequired, "the user must consent on the authorization page")))
	default:
		h.renderConsent(c, req, who.Username)
	}
}

// failed answers a server error, or a busy server, on the error page.
func (h *Handler) failed(c *gin.Context, err *oauth.Error) {
	c.Error(err)
	if err.Status == http.StatusServiceUnavailable {
		retryAfter(c, err)
		h.errorPage(c, http.StatusServiceUnavailable, "error.busy", "error.busy.hint", "")
		return
	}
	h.errorPage(c, http.StatusInternalServerError, "error.failed", "error.busy.hint", "")
}

// authorizeRequest parses the request of the URL, answering errors: on a
// page when the client or redirect URI cannot be trusted, by redirect to
// the client otherwise.
func (h *Handler) authorizeRequest(c *gin.Context) (oauth.AuthorizeRequest, bool) {
	pageHeaders(c, "")
	req, err, redirect := h.server.ParseAuthorize(c.Request.Context(), c.Request.URL.Query())
	switch {
	case err == nil && req.Continue != "":
		h.redirect(c, req.Continue)
		return req, false
	case err == nil:
		pageHeaders(c, req.Redirect())
		return req, true
	case redirect:
		h.redirect(c, h.server.ErrorRedirect(req, err))
	case err.Status >= 500:
		h.failed(c, err)
	default:
		h.errorPage(c, http.StatusBadRequest, "error.link.invalid", "error.link.hint", err.Description)
	}
	return req, false
}

// redirect sends the browser on: 303 after a POST, 302 after a GET.
func (h *Handler) redirect(c *gin.Context, to string) {
	status := http.StatusFound
	if c.Request.Method == http.MethodPost {
		status = http.StatusSeeOther
	}
	c.Redirect(status, to)
	c.Abort()
}

// renderLogin shows the sign-in; problem is what went wrong, in the
// page's language, "" on the first showing.
func (h *Handler) renderLogin(c *gin.Context, req oauth.AuthorizeRequest, username, problem string, status int) {
	page.Render(c, status, views.LoginPage(views.LoginView{
		Page: h.subjectPage(c, req, "oauth.login.title"), Action: c.Request.URL.RequestURI(),
		CSRF: csrf.Token(c.Request.Context()), ClientName: req.Client.Name, Username: username, Error: problem,
	}))
}

func (h *Handler) renderConsent(c *gin.Context, req oauth.AuthorizeRequest, username string) {
	p := h.subjectPage(c, req, "oauth.consent.title")
	page.Render(c, http.StatusOK, views.ConsentPage(views.ConsentView{
		Page: p, Action: c.Request.URL.RequestURI(), CSRF: csrf.Token(c.Request.Context()),
		ClientName: req.Client.Name, Username: username, Grants: describe(p.T, req),
	}))
}

// subjectPage is the layout of a sign-in or consent page in the user's
// language, titled by the message titleKey. The page's address is the
// authorization request's, so the switch and the forms keep the language.
func (h *Handler) subjectPage(c *gin.Context, req oauth.AuthorizeRequest, titleKey string) views.Page {
	t := language(c, req)
	p := h.pages.Page(t.Text(titleKey))
	p.T, p.Languages = t, page.Languages(c.Request.URL.RequestURI(), t.Lang())
	return p
}

// language is the language of the authorization pages: the switch
// (?lang=), the request's ui_locales, the browser's Accept-Language, then
// the client's default.
func language(c *gin.Context, req oauth.AuthorizeRequest) i18n.Printer {
	return page.Locale(c, page.Preferences{Requested: c.Query("ui_locales"), Default: req.Client.DefaultLocale})
}

// describe says in plain words, in the language of t, what the client gets.
func describe(t i18n.Printer, req oauth.AuthorizeRequest) []string {
	out := views.Permissions(t, req.Client.Products)
	if len(out) == 0 {
		out = []string{t.Text("oauth.grant.apis")}
	}
	if hasWord(req.Scope, oauth.ScopeOpenID) {
		out = append(out, t.Text("oauth.grant.openid"))
	}
	return append(out, t.Text("oauth.grant.continued"))
}

func hasWord(s, w string) bool { return slices.Contains(strings.Fields(s), w) }

// pageHeaders keep the authorization pages out of frames, caches and
// referrers, and let their forms lead to the client's redirect URI.
func pageHeaders(c *gin.Context, redirectURI string) {
	secure.AllowFormAction(c, redirectURI)
	c.Header("Cache-Control", "no-store")
}
