package widget

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/handlers/csrf"
	"openbank/handlers/page"
	"openbank/views"
	"openbank/widget"
)

// Login asks for the bank credentials of an embedded bank, or for the
// one-time code it then asks: GET /widget/w/:id/login?c=<connectionId>.
func (h *Handler) Login(c *gin.Context) {
	v := visitOf(c)
	id, _ := strconv.ParseInt(c.Query("c"), 10, 64)
	h.renderLogin(c, v, id, http.StatusOK, "", "")
}

// SubmitLogin checks what the subject typed: POST /widget/w/:id/login.
// Wrong credentials or code ask again; a bank asking for a one-time code
// keeps the credentials in the encrypted session until the code comes.
func (h *Handler) SubmitLogin(c *gin.Context) {
	v := visitOf(c)
	id, _ := strconv.ParseInt(c.PostForm("c"), 10, 64)
	cred, askedCode := v.pending(id)
	if !askedCode {
		cred = banks.Credentials{Username: c.PostForm("username"), Password: c.PostForm("password")}
	}
	cred.OneTimeCode = c.PostForm("code")
	sca, err := h.service.CompleteSCA(c.Request.Context(), v.widget, id, cred)
	switch {
	case errors.Is(err, aggregation.ErrInvalidCredentials) && askedCode:
		h.renderLogin(c, v, id, http.StatusUnprocessableEntity, "", "widget.login.wrong.code")
		return
	case errors.Is(err, aggregation.ErrInvalidCredentials):
		h.renderLogin(c, v, id, http.StatusUnprocessableEntity, cred.Username, "widget.login.wrong.credentials")
		return
	case errors.Is(err, aggregation.ErrSCAClosed):
		h.toProgress(c, v, id)
		return
	case err != nil:
		h.widgetError(c, err)
		return
	}
	if sca.OneTimeCodeRequired || sca.ApprovalPending {
		v.setPending(id, cred)
	} else {
		v.clearPending()
	}
	if err := v.session.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return
	}
	if sca.OneTimeCodeRequired || sca.ApprovalPending {
		c.Redirect(http.StatusSeeOther, v.path(fmt.Sprintf("/login?c=%d", id)))
		return
	}
	h.toProgress(c, v, id)
}

// renderLogin shows the sign-in; problem is the message key of what went
// wrong, "" on the first showing.
func (h *Handler) renderLogin(c *gin.Context, v *visit, id int64, status int, username, problem string) {
	p, err := h.service.Progress(c.Request.Context(), v.widget, id)
	if err != nil {
		h.widgetError(c, err)
		return
	}
	if !p.SCAOpen || p.Bank.SCA != banks.SCAEmbedded {
		h.toProgress(c, v, id)
		return
	}
	_, askCode := v.pending(id)
	// A decoupled bank's customer ID is sent: wait for its app.
	waiting := p.Bank.Decoupled && askCode
	if waiting && !h.stillWaiting(c, v, id) {
		return
	}
	wp := h.widgetPage(c, v.widget, "widget.login.title", "bank", p.Bank.Name)
	wp.Languages = page.Languages(v.path(fmt.Sprintf("/login?c=%d", id)), wp.T.Lang())
	if problem == "widget.login.wrong.credentials" && p.Bank.Decoupled {
		problem = "widget.approve.wrong" // the customer ID alone was asked
	}
	if problem != "" {
		problem = wp.T.Text(problem)
	}
	hint := page.Sandbox(p.Bank)
	if p.Bank.Decoupled {
		hint.Password = "" // the customer ID alone is asked
	}
	login := views.WidgetLogin{
		WidgetPage: wp, Bank: page.BankOption(p.Bank, ""),
		Action: v.path("/login"), CancelAction: v.path("/cancel"), CSRF: csrf.Token(c.Request.Context()), ConnectionID: id,
		Username: username, AskCode: askCode && !p.Bank.Decoupled, Error: problem, Sandbox: hint,
		OtherBank: v.widget.Kind != widget.KindReconnect, Decoupled: p.Bank.Decoupled, Waiting: waiting,
	}
	if waiting {
		login.CheckHref = v.path(fmt.Sprintf("/login?c=%d", id))
		login.StatusURL = v.path(fmt.Sprintf("/status?c=%d&approval=1", id))
		if href, words := appLink(p.Bank); href != "" {
			login.AppHref, login.AppWords = href, wp.T.Text(words, "bank", p.Bank.Name)
		}
		login.Refresh, login.Script = login.CheckHref, scriptPath
	}
	page.Render(c, status, views.WidgetLoginPage(login))
}

// pending returns the credentials kept while the bank waits for a code.
func (v *visit) pending(id int64) (banks.Credentials, bool) {
	if owner, _ := v.session.Values["pending"].(int64); owner != id || id == 0 {
		return banks.Credentials{}, false
	}
	u, _ := v.session.Values["u"].(string)
	p, _ := v.session.Values["p"].(string)
	return banks.Credentials{Username: u, Password: p}, true
}

func (v *visit) setPending(id int64, cred banks.Credentials) {
	v.session.Values["pending"], v.session.Values["u"], v.session.Values["p"] = id, cred.Username, cred.Password
}

func (v *visit) clearPending() {
	delete(v.session.Values, "pending")
	delete(v.session.Values, "u")
	delete(v.session.Values, "p")
}
