package mockbank

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
)

// SCA shows a bank's sign-in page: GET /mockbank/:bank/sca?token=. A
// bank with its own sign-in page is asked for the consent now, with the
// subject present, and the subject goes on to that page.
func (h *Handler) SCA(c *gin.Context) {
	token := c.Query("token")
	sca, ok := h.open(c, token)
	if !ok {
		return
	}
	bankPage, err := h.service.BeginBankSCA(c.Request.Context(), sca.SCAPage, token)
	if err != nil {
		h.bankFailed(c, token, err)
		return
	}
	if bankPage != "" {
		c.Redirect(http.StatusSeeOther, bankPage)
		return
	}
	h.render(c, http.StatusOK, sca, token, "", "")
}

// SubmitSCA approves with the subject's credentials or cancels (the
// consent stays new), then sends the subject back: POST /mockbank/:bank/sca.
// Wrong credentials ask again. The group's CSRF guard has checked the form.
func (h *Handler) SubmitSCA(c *gin.Context) {
	token := c.PostForm("token")
	sca, ok := h.open(c, token)
	if !ok {
		return
	}
	cred := banks.Credentials{Username: c.PostForm("username"), Password: c.PostForm("password")}
	abandon := c.PostForm("action") == "cancel"
	status, err := h.service.SubmitSCAPage(c.Request.Context(), sca.SCAPage, cred, abandon)
	var ce *banks.ConsentError
	if errors.As(err, &ce) {
		h.render(c, http.StatusUnprocessableEntity, sca, token, cred.Username, "bank.wrong.credentials")
		return
	}
	if errors.Is(err, aggregation.ErrSCAClosed) {
		h.usedLink(c, token)
		return
	}
	var back string
	if err == nil {
		back, err = h.service.SCAPageReturn(c.Request.Context(), sca.SCAPage, status)
	}
	if err != nil {
		h.failed(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, back)
}
