package admin

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/oauth"
	"openbank/store"
	"openbank/views"
)

// ClientNew is GET /admin/clients/new: the registration form.
func (h *Handler) ClientNew(c *gin.Context) {
	f := clientFormOf(h.adminPage(c, "New OAuth client", "clients"), store.Client{Grants: []string{oauth.GrantClientCredentials},
		Products: oauth.DefaultProducts})
	f.New, f.Public = true, false
	f.AuthProfile = authProfileFormOf(store.ClientSecurity{}, f.CSRF)
	h.render(c, http.StatusOK, views.AdminClientNewPage(f))
}

// ClientCreate is POST /admin/clients: the client is registered through
// the registry, with its security profile when the form gives one, and its
// secret shown once.
func (h *Handler) ClientCreate(c *gin.Context) {
	ctx := c.Request.Context()
	f := postedClientForm(c, h.adminPage(c, "New OAuth client", "clients"))
	f.New = true
	cs := postedAuthProfile(c, f.ClientID)
	f.AuthProfile = authProfileFormOf(cs, f.CSRF)
	var cl store.Client
	applyClientForm(f, &cl)
	err := h.checkClient(ctx, cl, !f.Public, f.ExpiryNotice)
	if err == nil {
		err = oauth.ValidateSecurity(cl, cs)
	}
	if err != nil {
		f.Problem = err.Error()
		h.render(c, http.StatusBadRequest, views.AdminClientNewPage(f))
		return
	}
	spec := oauth.ClientSpec{ClientID: f.ClientID, Public: f.Public, Name: cl.Name, Grants: cl.Grants, RedirectURIs: cl.RedirectURIs,
		ReturnOrigins: cl.ReturnOrigins, CallbackSuccess: cl.CallbackSuccess, CallbackFailure: cl.CallbackFailure, Products: cl.Products,
		PrivacyURL: cl.PrivacyURL, Environment: cl.Environment, Quotas: cl.ClientQuotas, DefaultLocale: cl.DefaultLocale}
	cl, secret, err := h.registry.CreateClient(ctx, spec)
	if errors.Is(err, store.ErrConflict) {
		f.Problem = "A client with this id exists already."
		h.render(c, http.StatusConflict, views.AdminClientNewPage(f))
		return
	}
	if err == nil && cs != (store.ClientSecurity{ClientID: f.ClientID}) {
		cs.ClientID = cl.ClientID
		if err = h.registry.SetSecurity(ctx, cs); err != nil {
			// checked above, so a failure of the database: no client half made
			_ = h.registry.DeleteClient(ctx, cl.ClientID)
		}
	}
	var hmac string
	if err == nil {
		cl, hmac, err = h.callbackSecrets(ctx, cl.ClientID, c.PostForm("hmac"), f, false)
	}
	if err == nil {
		err = h.record(c, "client.create", "client/"+cl.ClientID, nil, createdClient{console.ClientOf(cl), authProfileChangeOf(cs)})
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.showSecrets(c, http.StatusCreated, cl.ClientID, secret, hmac)
}

// createdClient is what the audit log keeps of a client the console
// creates: its settings and its security profile.
type createdClient struct {
	console.ClientRecord
	AuthProfile authProfileChange `json:"authProfile"`
}

// checkClient judges the settings with the domain's ValidateClient (a
// confidential client as if it had its secret), then the callback URLs
// against the outbound policy and the notice's range, before anything is
// stored; each refusal is a sentence for the operator.
func (h *Handler) checkClient(ctx context.Context, cl store.Client, confidential bool, notice string) error {
	if confidential && cl.SecretDigest == nil {
		cl.SecretDigest = oauth.Digest("probe")
	}
	if err := oauth.ValidateClient(cl); err != nil {
		return err
	}
	return h.checkCallbacks(ctx, cl, notice)
}

// checkCallbacks refuses callback URLs the outbound policy forbids and a
// notice outside 0 to 30 days, before anything is stored.
func (h *Handler) checkCallbacks(ctx context.Context, cl store.Client, notice string) error {
	if n, err := strconv.Atoi(notice); notice != "" && (err != nil || n < 0 || n > 30) {
		return errors.New("the consent-expiry notice must be from 0 to 30 days")
	}
	if err := h.agg.CheckCallbackURL(ctx, "success callback URL", cl.CallbackSuccess); err != nil {
		return err
	}
	return h.agg.CheckCallbackURL(ctx, "failure callback URL", cl.CallbackFailure)
}

// callbackSecrets applies the HMAC choice (keep, new, remove), the expiry
// notice and, with settings, the rest of the form in one UpdateClient; a
// new HMAC secret is returned to be shown once.
func (h *Handler) callbackSecrets(ctx context.Context, id, choice string, f views.AdminClientForm, settings bool) (store.Client, string, error) {
	var hmac string
	if choice == "new" {
		hmac = oauth.NewSecret(32)
	}
	cl, err := h.registry.UpdateClient(ctx, id, func(cl *store.Client) error {
		if settings {
			applyClientForm(f, cl)
		}
		switch choice {
		case "new":
			cl.CallbackHMAC = []byte(hmac)
		case "remove":
			cl.CallbackHMAC = nil
		}
		cl.ExpiryNotice, _ = strconv.Atoi(f.ExpiryNotice) // checked by checkCallbacks
		return nil
	})
	return cl, hmac, err
}

// showSecrets renders the page that shows new secrets once.
func (h *Handler) showSecrets(c *gin.Context, status int, id, secret, hmac string) {
	h.render(c, status, views.AdminSecretPage(views.AdminSecretView{AdminPage: h.adminPage(c, "Copy the secret", "clients"),
		ClientID: id, Secret: secret, HMACSecret: hmac}))
}
