package admin

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/store"
	"openbank/views"
)

// ClientUpdate is POST /admin/clients/:id: new settings through
// the registry, which every instance applies at once.
func (h *Handler) ClientUpdate(c *gin.Context) {
	ctx, id := c.Request.Context(), c.Param("id")
	page, ok := h.clientForm(c, id)
	if !ok {
		return
	}
	before, err := h.console.Client(ctx, id)
	if err != nil {
		h.fail(c, err)
		return
	}
	posted := postedClientForm(c, page.AdminPage)
	changed := before
	applyClientForm(posted, &changed)
	if err := h.checkClient(ctx, changed, false, posted.ExpiryNotice); err != nil {
		posted.ClientID, posted.Public, posted.HasHMAC, posted.Families = id, before.SecretDigest == nil, before.CallbackHMAC != nil, page.Families
		posted.AuthProfile = page.AuthProfile
		posted.Problem = err.Error()
		h.render(c, http.StatusBadRequest, views.AdminClientPage(posted))
		return
	}
	after, hmac, err := h.callbackSecrets(ctx, id, c.PostForm("hmac"), posted, true)
	if err == nil {
		err = h.record(c, "client.update", "client/"+id, console.ClientOf(before), console.ClientOf(after))
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	if hmac != "" {
		h.showSecrets(c, http.StatusOK, id, "", hmac)
		return
	}
	h.done(c, "/admin/clients/"+id, "Client "+id+" saved.")
}

// ClientRotate is POST /admin/clients/:id/rotate: once confirmed, a new
// secret, shown once; the old one stays valid for the grace period chosen.
func (h *Handler) ClientRotate(c *gin.Context) {
	ctx, id := c.Request.Context(), c.Param("id")
	before, err := h.console.Client(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The client")
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	if !h.confirmed(c, "clients", views.ConfirmSecretRotate(id, before.Name)) {
		return
	}
	grace, ok := secretGrace(c.PostForm("keep"))
	if !ok {
		h.done(c, "/admin/clients/"+id, "Choose how long the old secret stays valid.")
		return
	}
	keepUntil := h.console.Now().Add(grace)
	secret, err := h.registry.RotateClientSecret(ctx, id, keepUntil)
	if err == nil {
		err = h.record(c, "client.rotate-secret", "client/"+id, nil, console.RotationOf(grace, keepUntil))
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminSecretView{AdminPage: h.adminPage(c, "Copy the secret", "clients"), ClientID: id, Secret: secret}
	if grace > 0 {
		v.OldSecretUntil = keepUntil.UTC().Format("2 Jan 2006 15:04 MST")
	}
	h.render(c, http.StatusOK, views.AdminSecretPage(v))
}

// secretGrace is the grace period of a rotation form: one of the periods
// the confirmation offers.
func secretGrace(v string) (time.Duration, bool) {
	for _, o := range views.SecretGraceOptions {
		if o.Value == v {
			d, err := time.ParseDuration(v)
			return d, err == nil
		}
	}
	return 0, false
}

// ClientDelete is POST /admin/clients/:id/delete; the console's own
// client cannot be deleted from the console.
func (h *Handler) ClientDelete(c *gin.Context) {
	ctx, id := c.Request.Context(), c.Param("id")
	if id == console.ConsoleClientID {
		h.done(c, "/admin/clients/"+id, "The console signs in with this client; it cannot be deleted here.")
		return
	}
	before, err := h.console.Client(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		h.missing(c, "The client")
		return
	}
	if err == nil && !h.confirmed(c, "clients", views.ConfirmClientDelete(id, before.Name)) {
		return
	}
	if err == nil {
		err = h.registry.DeleteClient(ctx, id)
	}
	if err == nil {
		err = h.record(c, "client.delete", "client/"+id, console.ClientOf(before), nil)
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/clients", "Client "+id+" deleted; its tokens are revoked.")
}
